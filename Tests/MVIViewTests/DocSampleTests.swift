import MVI
import MVIView
import MVIFixtures
import Testing

// The samples of the DocC articles "Views and diff" and "Binding and lifecycle", compiled and
// run. (The Calculator, UserInfo and CreateCircle views themselves are in MVIFixtures.)

@MainActor
final class Navigator {
    private(set) var handled: [Int] = []
    func handle(_ sideEffect: Int) { handled.append(sideEffect) }
}

@MainActor
@Suite("DocC samples", .timeLimit(.minutes(5)))
struct DocSampleTests {
    @Test("Binding and lifecycle: the overview sample")
    func overview() {
        let store = Store(CalculatorStore(), initialState: .init())
        let ui = makeCalculatorRoot()
        let view = CalculatorViewImpl(root: ui.root)
        let navigator = Navigator()
        let notifier = Store(Notifier(), initialState: .init())
        let lifecycle = Lifecycle()

        let binder = Binder(store)
            .bind(view, model: CalculatorViewModel.init, intent: CalculatorStore.Intent.init)
            .bind(to: lifecycle, mode: .startStop)
        let effects = Binder(notifier)
            .bind(sideEffects: { navigator.handle($0) })
            .bind(to: lifecycle, mode: .startStop)

        notifier.send(.post(7))
        lifecycle.resume()
        #expect(ui.text.text == "0")
        #expect(navigator.handled == [7])
        lifecycle.destroy()
        #expect(!binder.isStarted && !effects.isStarted)
    }

    @Test("Binding and lifecycle: the lifecycle sample")
    func lifecycleSample() {
        let store = Store(Notifier(), initialState: .init())
        var rendered: [Int] = []
        var received: [Int] = []

        let lifecycle = Lifecycle()
        let binder = Binder(store)
            .bind(states: { rendered.append($0.posted) })
            .bind(sideEffects: { received.append($0) })
            .bind(to: lifecycle, mode: .startStop)
        lifecycle.resume()
        lifecycle.stop()  // the app goes to the background
        store.send(.post(1))
        store.send(.post(2))  // nothing delivered: stopped
        lifecycle.start()  // received == [1, 2]; rendered == [0, 2]

        #expect(received == [1, 2])
        #expect(rendered == [0, 2])
        #expect(binder.isStarted)
    }

    @Test("Binding and lifecycle: the Playtomic view takes a state and a dispatcher")
    func playtomicShape() async {
        let store = Store(CreateCircle(), initialState: .init())
        let screen = CreateCircleScreen(state: store.state, dispatch: store.send)
        screen.type("Padel")
        #expect(store.state.circleName == "Padel")

        let model = ObservableStore(store)
        let next = CreateCircleScreen(state: model.state, dispatch: model.send)
        next.type("Tennis")
        #expect(store.state.circleName == "Tennis")
    }
}
