import MVI

/// The circle editor of Orbit's "Why MVI?" article, in the Orbit style: a presenter hosting a container.
struct Circle: Equatable, Sendable {
    var id: String
    var name: String
}

struct CreateOrEditState: Equatable, Sendable {
    enum Mode: Equatable, Sendable { case create, edit }

    var mode: Mode = .create
    var editedCircle: Circle?
    var committingChanges = false
}

enum CreateOrEditSideEffect: Equatable, Sendable {
    case close
    case openAggregatedFeed
    case showError
}

struct CirclesRepository: Sendable {
    var deleteCircle: @Sendable (String) async throws -> Void
}

final class CreateOrEditCirclePresenter: ContainerHost {
    let container: Container<CreateOrEditState, CreateOrEditSideEffect>
    let circlesRepository: CirclesRepository

    init(circlesRepository: CirclesRepository, initialState: CreateOrEditState = CreateOrEditState()) {
        self.circlesRepository = circlesRepository
        self.container = Container(initialState: initialState)
    }

    func onDeleteCircleConfirmed() {
        let repository = circlesRepository
        intent { context in
            context.reduce { $0.committingChanges = true }
            guard let id = context.state.editedCircle?.id else { return }
            context.run { context in
                do {
                    try await repository.deleteCircle(id)
                    await context.post(.openAggregatedFeed)
                } catch {
                    await context.reduce { $0.committingChanges = false }
                    await context.post(.showError)
                }
            }
        }
    }

    func onCloseClicked() {
        intent { context in context.post(.close) }
    }

    func onKeepSyncing() {
        intent { context in
            context.run { _ in try await Task.sleep(for: .seconds(3600)) }
        }
    }
}

func createPresenter(
    circlesRepository: CirclesRepository = CirclesRepository { _ in }
) -> CreateOrEditCirclePresenter {
    CreateOrEditCirclePresenter(circlesRepository: circlesRepository)
}
