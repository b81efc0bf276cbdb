import MVI

/// Where the lesson screen navigates to. The app implements it; tests record it.
public protocol LessonRouter: Sendable {
    /// Opens the address in a maps app.
    func openMaps(address: String)
    /// Adds the lesson to the calendar.
    func addToCalendar(title: String)
    /// Closes the screen.
    func dismiss()
}

/// Playtomic's `LessonDetailNavigator`: navigation lives in middleware, so the presenter stays
/// a pure state machine.
public struct LessonDetailNavigator: Middleware {
    let router: any LessonRouter

    /// Creates the navigator.
    public init(router: any LessonRouter) {
        self.router = router
    }

    /// Navigates on the actions and results that call for it.
    public func handle(
        _ event: StoreEvent<LessonDetailPresenter>, _ context: borrowing MiddlewareContext<LessonDetailPresenter>
    ) {
        switch event {
        case .intent(.tapOpenMaps):
            if let address = Self.address(in: context.state) { router.openMaps(address: address) }
        case .intent(.tapAddToCalendar):
            if case .detail(let sections, _) = context.state, let title = sections.first?.title {
                router.addToCalendar(title: title)
            }
        case .message(.loadLessonByIdFailed):
            router.dismiss()
        default:
            break
        }
    }

    private static func address(in state: LessonDetailState) -> String? {
        guard case .detail(let sections, _) = state else { return nil }
        return sections.first?.rows.first { $0.hasPrefix("Where: ") }.map { String($0.dropFirst("Where: ".count)) }
    }
}

/// Something that records analytics events.
public protocol AnalyticsTracker: Sendable {
    /// Records one event.
    func track(_ event: String)
}

/// Analytics as middleware: every tracked event in one place, none in the presenter.
public struct LessonDetailAnalytics: Middleware {
    let tracker: any AnalyticsTracker

    /// Creates the middleware.
    public init(tracker: any AnalyticsTracker) {
        self.tracker = tracker
    }

    /// Tracks the events the product team asked for.
    public func handle(
        _ event: StoreEvent<LessonDetailPresenter>, _ context: borrowing MiddlewareContext<LessonDetailPresenter>
    ) {
        switch event {
        case .intent(.onAppear): tracker.track("lesson_detail_viewed")
        case .intent(.tapConfirmCancelEnrollment): tracker.track("lesson_unregister_confirmed")
        case .intent(.tapOpenMaps): tracker.track("lesson_maps_opened")
        case .message(.loadLessonByIdFailed(let error)): tracker.track("lesson_load_failed: \(error)")
        default: break
        }
    }
}
