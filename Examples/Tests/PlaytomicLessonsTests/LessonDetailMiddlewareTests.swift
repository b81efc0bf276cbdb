import MVI
import PlaytomicLessons
import Synchronization
import Testing

final class RecordingRouter: LessonRouter, AnalyticsTracker {
    private let log = Mutex<[String]>([])
    var calls: [String] { log.withLock { $0 } }
    func openMaps(address: String) { log.withLock { $0.append("openMaps(\(address))") } }
    func addToCalendar(title: String) { log.withLock { $0.append("addToCalendar(\(title))") } }
    func dismiss() { log.withLock { $0.append("dismiss") } }
    func track(_ event: String) { log.withLock { $0.append("track(\(event))") } }
}

/// The middleware are tested through a store with a fake service: navigation and analytics
/// happen on the actions and results that call for them, and nowhere else.
@Suite(.timeLimit(.minutes(5))) struct LessonDetailMiddlewareTests {
    @Test func theNavigatorOpensMapsAndTheCalendarForTheLoadedLesson() async {
        let router = RecordingRouter()
        let store = LessonDetailPresenter.makeStore(
            lessonID: "L-42", userID: "me", activityService: FakeActivityService(.loaded(.sample)),
            middleware: [LessonDetailNavigator(router: router)])
        store.send(.onAppear)
        await store.waitForIdle()
        store.send(.tapOpenMaps)
        store.send(.tapAddToCalendar)
        #expect(router.calls == ["openMaps(Calle Mayor 1, Madrid)", "addToCalendar(Padel for beginners)"])
    }

    @Test func theNavigatorDismissesWhenTheLessonCannotLoad() async {
        let router = RecordingRouter()
        let store = LessonDetailPresenter.makeStore(
            lessonID: "L-42", userID: "me", activityService: FakeActivityService(.failure(ActivityError("gone"))),
            middleware: [LessonDetailNavigator(router: router)])
        store.send(.onAppear)
        await store.waitForIdle()
        #expect(router.calls == ["dismiss"])
        #expect(store.state == .none)
    }

    @Test func theNavigatorDoesNothingBeforeTheLessonLoads() {
        let router = RecordingRouter()
        let store = LessonDetailPresenter.makeStore(
            lessonID: "L-42", userID: "me", activityService: FakeActivityService(.pending),
            middleware: [LessonDetailNavigator(router: router)])
        store.send(.tapOpenMaps)
        #expect(router.calls.isEmpty)
    }

    @Test func analyticsTracksTheAgreedEvents() async {
        let tracker = RecordingRouter()
        let service = FakeActivityService(.pending)
        let store = LessonDetailPresenter.makeStore(
            lessonID: "L-42", userID: "me", activityService: service,
            middleware: [LessonDetailAnalytics(tracker: tracker)])
        store.send(.onAppear)
        #expect(store.state == .loading)
        service.release(with: .failure(ActivityError("offline")))
        await store.waitForIdle()
        #expect(tracker.calls == ["track(lesson_detail_viewed)", "track(lesson_load_failed: offline)"])
    }

    @Test func cancellingEnrollmentUpdatesTheLesson() async {
        let service = FakeActivityService(.loaded(.sample))
        let store = LessonDetailPresenter.makeStore(lessonID: "L-42", userID: "me", activityService: service)
        store.send(.onAppear)
        await store.waitForIdle()
        store.send(.tapConfirmCancelEnrollment)
        await store.waitForIdle()
        guard case .detail(let sections, false) = store.state else {
            Issue.record("expected the detail, got \(store.state)")
            return
        }
        #expect(sections.last?.rows == ["Luis", "Marta"])
        #expect(service.calls == ["fetchLesson(L-42)", "unregister(me, L-42)"])
    }

    @Test func theViewTakesOnlyAStateAndADispatcher() {
        let sent = Mutex<[LessonDetailAction]>([])
        let view = LessonDetailView(state: .loading) { action in sent.withLock { $0.append(action) } }
        #expect(view.body == "Loading lesson…")
        view.tapOpenMaps()
        view.tapCancelEnrollment()
        #expect(sent.withLock { $0 } == [.tapOpenMaps, .tapConfirmCancelEnrollment])
    }
}
