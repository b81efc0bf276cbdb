import MVI

/// What the lesson screen shows (Playtomic's `LessonDetailState`).
public enum LessonDetailState: Sendable, Equatable {
    /// Nothing yet.
    case none
    /// Loading the lesson.
    case loading
    /// The lesson, as sections; `isBusy` while an enrollment change is in flight.
    case detail(sections: [LessonDetailSection], isBusy: Bool)
}

/// What the view can ask for (Playtomic's `LessonDetailAction`).
public enum LessonDetailAction: Sendable, Equatable {
    /// The screen appeared.
    case onAppear
    /// The player confirmed cancelling their enrollment.
    case tapConfirmCancelEnrollment
    /// The player asked for the confirmation again.
    case resendConfirmation
    /// The player tapped the address.
    case tapOpenMaps
    /// The player tapped "add to calendar".
    case tapAddToCalendar
}

/// What handling an action produced (Playtomic's `LessonDetailResult`): the messages.
public enum LessonDetailResult: Sendable, Equatable {
    /// The lesson is loading.
    case lessonLoading
    /// The lesson arrived. The viewer's id travels with it: swift-mvi's reducer is static,
    /// so it is pure by construction and cannot read the presenter's properties.
    case lessonLoaded(Lesson, viewer: String)
    /// Loading failed.
    case loadLessonByIdFailed(ActivityError)
    /// An enrollment change started.
    case enrollmentChanging
    /// An enrollment change failed; the lesson is unchanged.
    case enrollmentChangeFailed(ActivityError)
}

/// One-shot events for the screen: things to tell the player once.
public enum LessonDetailEvent: Sendable, Equatable {
    /// The confirmation was sent again.
    case confirmationSent
    /// Something went wrong.
    case showError(String)
}

/// Playtomic's `LessonDetailPresenter`: `handle` turns actions into results (the only place
/// with side effects), `reduce` is a pure function from a state and a result to the next state.
public struct LessonDetailPresenter: Feature {
    /// Playtomic's names for the feature's types.
    public typealias State = LessonDetailState
    /// The view's actions.
    public typealias Intent = LessonDetailAction
    /// The action results.
    public typealias Message = LessonDetailResult
    /// One-shot events.
    public typealias SideEffect = LessonDetailEvent

    let lessonID: String
    let userID: String
    let activityService: any ActivityService

    /// Creates the presenter for one lesson, seen by one player.
    public init(lessonID: String, userID: String, activityService: any ActivityService) {
        self.lessonID = lessonID
        self.userID = userID
        self.activityService = activityService
    }

    /// The first state of the screen.
    public static let initialState = LessonDetailState.none

    /// Creates a store for the presenter with the given middleware.
    public static func makeStore(
        lessonID: String, userID: String, activityService: any ActivityService,
        middleware: [any Middleware<LessonDetailPresenter>] = []
    ) -> Store<LessonDetailPresenter> {
        Store(
            LessonDetailPresenter(lessonID: lessonID, userID: userID, activityService: activityService),
            initialState: initialState, name: "LessonDetail", middleware: middleware)
    }

    // MARK: handle

    /// Playtomic's `handle(action:results:)`.
    public func execute(_ action: LessonDetailAction, _ results: StoreContext<Self>) {
        switch action {
        case .onAppear: loadLesson(results)
        case .tapConfirmCancelEnrollment: unregisterFromLesson(results)
        case .resendConfirmation: resendConfirmation(results)
        case .tapOpenMaps, .tapAddToCalendar: break  // the navigator middleware handles these
        }
    }

    private func loadLesson(_ results: StoreContext<Self>) {
        results.dispatch(.lessonLoading)
        results.run(id: "load", cancelInFlight: true) { [activityService, lessonID, userID] results in
            do {
                let lesson = try await activityService.fetchLesson(lessonID)
                await results.dispatch(.lessonLoaded(lesson, viewer: userID))
            } catch let error as ActivityError {
                await results.dispatch(.loadLessonByIdFailed(error))
            }
        }
    }

    private func unregisterFromLesson(_ results: StoreContext<Self>) {
        guard case .detail = results.state else { return }
        results.dispatch(.enrollmentChanging)
        results.run(id: "enrollment", cancelInFlight: true) { [activityService, lessonID, userID] results in
            do {
                let lesson = try await activityService.unregister(userID, from: lessonID)
                await results.dispatch(.lessonLoaded(lesson, viewer: userID))
            } catch let error as ActivityError {
                await results.dispatch(.enrollmentChangeFailed(error))
                await results.post(.showError(error.message))
            }
        }
    }

    private func resendConfirmation(_ results: StoreContext<Self>) {
        results.run(id: "confirmation") { [activityService, lessonID] results in
            do {
                try await activityService.resendConfirmation(lessonID)
                await results.post(.confirmationSent)
            } catch let error as ActivityError {
                await results.post(.showError(error.message))
            }
        }
    }

    // MARK: reduce

    /// Playtomic's `reduce(currentViewState:result:)`, in place. Pure.
    public static func reduce(_ state: inout LessonDetailState, _ result: LessonDetailResult) {
        switch result {
        case .lessonLoading:
            state = .loading
        case .lessonLoaded(let lesson, let viewer):
            state = .detail(sections: lesson.mapToLessonDetail(me: viewer), isBusy: false)
        case .loadLessonByIdFailed:
            state = .none
        case .enrollmentChanging:
            if case .detail(let sections, _) = state { state = .detail(sections: sections, isBusy: true) }
        case .enrollmentChangeFailed:
            if case .detail(let sections, _) = state { state = .detail(sections: sections, isBusy: false) }
        }
    }
}
