import MVI

/// A circle's settings (Orbit's `CircleConfigModel`).
public struct CircleConfigModel: Sendable, Equatable, Codable {
    /// The circle's id.
    public var id: String
    /// Its name.
    public var name: String
    /// Its cover photo.
    public var coverPhoto: String

    /// Creates a model.
    public init(id: String, name: String, coverPhoto: String) {
        self.id = id
        self.name = name
        self.coverPhoto = coverPhoto
    }
}

/// What the form holds (Orbit's `CreateOrEditCircleRequestDomain`).
public struct CreateOrEditCircleRequest: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The name typed.
    public var circleName: String
    /// The photo chosen.
    public var coverPhoto: String

    /// Creates a request.
    public init(circleName: String, coverPhoto: String) {
        self.circleName = circleName
        self.coverPhoto = coverPhoto
    }

    /// `{circleName="…",coverPhoto="…"}`, as the original's interaction JSON prints it.
    public var description: String { "{circleName=\"\(circleName)\",coverPhoto=\"\(coverPhoto)\"}" }
}

/// Orbit's `CreateOrEditState`.
public struct CreateOrEditState: Sendable, Equatable, Codable {
    /// Creating a new circle or editing one.
    public enum Mode: String, Sendable, Equatable, Codable {
        /// Creating.
        case create
        /// Editing.
        case edit
    }

    /// Creating or editing.
    public var mode: Mode = .create
    /// A request is in flight.
    public var committingChanges = false
    /// The circle being edited, once loaded.
    public var editedCircle: CircleConfigModel?
    /// The call-to-action button is enabled.
    public var ctaEnabled = false

    /// The original's builder defaults: create mode, nothing in flight, CTA disabled.
    public init(
        mode: Mode = .create, committingChanges: Bool = false, editedCircle: CircleConfigModel? = nil,
        ctaEnabled: Bool = false
    ) {
        self.mode = mode
        self.committingChanges = committingChanges
        self.editedCircle = editedCircle
        self.ctaEnabled = ctaEnabled
    }
}

/// Orbit's `CreateOrEditSideEffect`.
public enum CreateOrEditSideEffect: Sendable, Equatable, Codable {
    /// Close without asking.
    case close
    /// Go to the aggregated feed.
    case openAggregatedFeed
    /// Open the circle's feed.
    case openCircleFeed(String)
    /// Invite people to the new circle.
    case openCircleInvite(String)
    /// Ask before deleting.
    case showDeleteConfirmation
    /// Ask before leaving with changes.
    case showExitConfirmation
    /// Something failed.
    case showError
    /// The circle to edit could not be loaded.
    case showInitEditError
}

/// The circles back end.
public protocol CirclesRepository: Sendable {
    /// Creates a circle.
    func createCircle(_ request: CreateOrEditCircleRequest) async throws -> CircleConfigModel
    /// Saves changes to a circle.
    func editCircle(_ id: String, _ request: CreateOrEditCircleRequest) async throws -> CircleConfigModel
    /// Loads a circle.
    func getCircle(_ id: String) async throws -> CircleConfigModel
    /// Deletes a circle.
    func deleteCircle(_ id: String) async throws
}

/// Orbit's `CreateOrEditCirclePresenter`, ported from MVP to MVI with closure intents.
public final class CreateOrEditCirclePresenter: ContainerHost {
    /// The presenter's container.
    public let container: Container<CreateOrEditState, CreateOrEditSideEffect>
    private let circlesRepository: any CirclesRepository

    /// Creates the presenter. `initialState` is the original builder's default unless a test
    /// gives another.
    public init(
        circlesRepository: any CirclesRepository,
        initialState: CreateOrEditState = CreateOrEditState(),
        middleware: [any Middleware<ContainerFeature<CreateOrEditState, CreateOrEditSideEffect>>] = []
    ) {
        self.circlesRepository = circlesRepository
        self.container = Container(initialState: initialState, name: "CreateOrEditCircle", middleware: middleware)
    }

    /// The original's `ShouldAllowFormSubmissionUseCase`: a name and a photo are required.
    static func shouldAllowFormSubmission(_ request: CreateOrEditCircleRequest) -> Bool {
        request.circleName.contains { !$0.isWhitespace } && !request.coverPhoto.isEmpty
    }

    /// The original's `HasCreateCircleRequestChangedUseCase`.
    static func hasRequestChanged(_ request: CreateOrEditCircleRequest, from circle: CircleConfigModel?) -> Bool {
        guard let circle else { return !request.circleName.isEmpty || !request.coverPhoto.isEmpty }
        return request.circleName != circle.name || request.coverPhoto != circle.coverPhoto
    }

    /// The form changed: enable the CTA when it may be submitted.
    public func onCheckFormRequested(_ request: CreateOrEditCircleRequest) {
        intent { ctx in
            ctx.reduce { $0.ctaEnabled = Self.shouldAllowFormSubmission(request) }
        }
    }

    /// The form was submitted: create or save, then open the circle.
    public func onFormSubmitted(_ request: CreateOrEditCircleRequest) {
        intent { [circlesRepository] ctx in
            await ctx.reduce { $0.committingChanges = true }
            do {
                let state = ctx.state
                if state.mode == .edit, let circle = state.editedCircle {
                    let saved = try await circlesRepository.editCircle(circle.id, request)
                    await ctx.post(.openCircleFeed(saved.id))
                } else {
                    let created = try await circlesRepository.createCircle(request)
                    await ctx.post(.openCircleInvite(created.id))
                }
            } catch {
                await ctx.reduce { $0.committingChanges = false }
                await ctx.post(.showError)
            }
        }
    }

    /// The user wants to leave: ask first if there are changes.
    public func onExitFromCreateCircleFlowRequested(_ request: CreateOrEditCircleRequest) {
        intent { ctx in
            let changed = Self.hasRequestChanged(request, from: ctx.state.editedCircle)
            ctx.post(changed ? .showExitConfirmation : .close)
        }
    }

    /// Edit an existing circle: load it.
    public func onEditCircleRequested(_ circleIdToEdit: String) {
        intent { [circlesRepository] ctx in
            await ctx.reduce { $0.mode = .edit }
            do {
                let circle = try await circlesRepository.getCircle(circleIdToEdit)
                await ctx.reduce { $0.editedCircle = circle }
            } catch {
                await ctx.post(.showInitEditError)
            }
        }
    }

    /// The user tapped delete: ask first.
    public func onDeleteCircleRequested() {
        intent { ctx in ctx.post(.showDeleteConfirmation) }
    }

    /// The user confirmed the deletion (the original's worked example).
    public func onDeleteCircleConfirmed() {
        intent { [circlesRepository] mvi in
            await mvi.reduce { $0.committingChanges = true }
            guard let circleId = mvi.state.editedCircle?.id else { return }
            do {
                try await circlesRepository.deleteCircle(circleId)
                await mvi.post(.openAggregatedFeed)
            } catch {
                await mvi.reduce { $0.committingChanges = false }
                await mvi.post(.showError)
            }
        }
    }
}
