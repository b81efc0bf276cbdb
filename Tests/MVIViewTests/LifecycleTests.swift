import MVI
import MVIView
import MVIFixtures
import Testing

@MainActor
@Suite("Lifecycle and binder modes", .timeLimit(.minutes(5)))
struct LifecycleTests {
    @Test("Moving walks every step in order; destroyed is final")
    func transitions() {
        let lifecycle = Lifecycle()
        var events: [Lifecycle.Event] = []
        let subscription = lifecycle.subscribe { events.append($0) }

        lifecycle.resume()
        #expect(events == [.create, .start, .resume])
        #expect(lifecycle.state == .resumed)
        lifecycle.stop()
        #expect(events.suffix(2) == [.pause, .stop])
        lifecycle.pause()  // not resumed: nothing
        #expect(events.count == 5)
        lifecycle.destroy()
        #expect(events.last == .destroy)
        #expect(lifecycle.state == .destroyed)
        lifecycle.resume()
        #expect(lifecycle.state == .destroyed)
        #expect(events.count == 6)
        withExtendedLifetime(subscription) {}
    }

    @Test("Each mode starts and stops the binder at its events", arguments: BinderLifecycleMode.allCases)
    func modes(mode: BinderLifecycleMode) {
        let store = Store(CalculatorStore(), initialState: .init())
        let lifecycle = Lifecycle()
        let binder = Binder(store).bind(states: { _ in }).bind(to: lifecycle, mode: mode)
        var started: [Lifecycle.State: Bool] = [:]
        for state in [Lifecycle.State.created, .started, .resumed] {
            lifecycle.move(to: state)
            started[state] = binder.isStarted
        }
        lifecycle.pause()
        let afterPause = binder.isStarted
        lifecycle.stop()
        let afterStop = binder.isStarted
        lifecycle.destroy()

        switch mode {
        case .createDestroy:
            #expect(started == [.created: true, .started: true, .resumed: true])
            #expect(afterPause && afterStop)
        case .startStop:
            #expect(started == [.created: false, .started: true, .resumed: true])
            #expect(afterPause && !afterStop)
        case .resumePause:
            #expect(started == [.created: false, .started: false, .resumed: true])
            #expect(!afterPause && !afterStop)
        }
        #expect(!binder.isStarted)
    }

    @Test("Binding to a lifecycle already in the active state starts at once")
    func bindingLate() {
        let store = Store(CalculatorStore(), initialState: .init())
        let lifecycle = Lifecycle()
        lifecycle.resume()
        let binder = Binder(store).bind(states: { _ in }).bind(to: lifecycle, mode: .startStop)
        #expect(binder.isStarted)
    }

    @Test("Start-stop: side effects posted while in the background arrive when the screen is back")
    func startStopHoldsSideEffects() async {
        let store = Store(Notifier(), initialState: .init())
        let lifecycle = Lifecycle()
        var rendered: [Int] = []
        let received = Probe<Int>()
        let binder = Binder(store)
            .bind(states: { rendered.append($0.posted) })
            .bind(sideEffects: { received.append($0) })
            .bind(to: lifecycle, mode: .startStop)
        lifecycle.resume()
        lifecycle.stop()  // the app goes to the background
        store.send(.post(1))
        store.send(.post(2))
        await Task.yield()
        #expect(received.values.isEmpty)
        #expect(rendered == [0])
        lifecycle.start()
        #expect(received.values == [1, 2])
        #expect(rendered == [0, 2])  // the latest state, not each one missed
        lifecycle.destroy()
        #expect(!binder.isStarted)
        lifecycle.start()  // destroyed: nothing
        #expect(!binder.isStarted)
    }
}
