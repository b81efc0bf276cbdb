import MVI
import MVIView
import MVIFixtures
import Testing

@MainActor
@Suite("Binder", .timeLimit(.minutes(5)))
struct BinderTests {
    @Test("MVIKotlin's Calculator: start renders the state, clicks become intents, states re-render")
    func calculatorBinding() async {
        let store = Store(CalculatorStore(), initialState: .init())
        let ui = makeCalculatorRoot()
        let view = CalculatorViewImpl(root: ui.root)
        let binder = Binder(store).bind(view, model: CalculatorViewModel.init, intent: CalculatorStore.Intent.init)

        #expect(ui.text.text == "")
        binder.start()
        #expect(ui.text.text == "0")  // start delivers the current state before it returns

        ui.increment.click()
        ui.increment.click()
        ui.decrement.click()
        #expect(store.state.value == 1)
        await view.renders.wait(for: 2)
        while view.renders.values.last != CalculatorViewModel(value: "1") {
            await view.renders.wait(for: view.renders.values.count + 1)
        }
        #expect(ui.text.text == "1")
        // States arrive in order; consecutive ones may collapse into the latest.
        let values = view.renders.values.map { Int($0.value)! }
        #expect(values.first == 0)
        #expect(Set(values).isSubset(of: [0, 1, 2]))
    }

    @Test("A stopped binder renders nothing and sends no view events; restart renders the latest state")
    func stoppedBinderIsDisconnected() async {
        let store = Store(CalculatorStore(), initialState: .init())
        let ui = makeCalculatorRoot()
        let view = CalculatorViewImpl(root: ui.root)
        let binder = Binder(store).bind(view, model: CalculatorViewModel.init, intent: CalculatorStore.Intent.init)
        binder.start()
        binder.stop()
        #expect(!binder.isStarted)

        ui.increment.click()
        #expect(store.state.value == 0)  // the event went nowhere
        store.send(.increment)
        store.send(.increment)
        await Task.yield()
        #expect(view.renders.values == [CalculatorViewModel(value: "0")])

        binder.start()
        #expect(view.renders.values == [CalculatorViewModel(value: "0"), CalculatorViewModel(value: "2")])
    }

    @Test("Side effects posted while stopped wait in the store and arrive on restart, once, in order")
    func sideEffectsWhileStopped() async {
        let store = Store(Notifier(), initialState: .init())
        let received = Probe<Int>()
        let binder = Binder(store).bind(sideEffects: { received.append($0) })
        binder.start()
        binder.stop()

        store.send(.post(1))
        store.send(.post(2))
        await Task.yield()
        #expect(received.values.isEmpty)

        binder.start()
        #expect(received.values == [1, 2])  // start delivers what waited

        store.send(.post(3))
        await received.wait(for: 3)
        binder.stop()
        binder.start()
        store.send(.post(4))
        await received.wait(for: 4)
        #expect(received.values == [1, 2, 3, 4])
    }

    @Test("A side effect that waits while stopped is taken by no one else twice")
    func waitingSideEffectIsDeliveredOnce() async {
        let store = Store(Notifier(), initialState: .init())
        let first = Probe<Int>(), second = Probe<Int>()
        let binder = Binder(store).bind(sideEffects: { first.append($0) })
        store.send(.post(1))  // before any binder started
        binder.start()
        #expect(first.values == [1])
        binder.stop()
        store.send(.post(2))
        let other = Binder(store).bind(sideEffects: { second.append($0) })
        other.start()
        binder.start()
        store.send(.post(3))
        await second.wait(for: 2)
        #expect(first.values == [1])
        #expect(second.values == [2, 3])
    }

    @Test("Overflow while stopped is reported, never silent", arguments: [2, 5])
    func overflowWhileStopped(capacity: Int) async {
        let errors = ErrorLog()
        let store = Store(
            Notifier(), initialState: .init(), sideEffects: .buffer(capacity: capacity), onError: errors.handler)
        let received = Probe<Int>()
        let binder = Binder(store).bind(sideEffects: { received.append($0) })
        for n in 1...(capacity + 1) { store.send(.post(n)) }
        binder.start()
        #expect(received.values == Array(1...capacity))
        #expect(errors.all.count == 1)
        #expect(errors.all.first?.origin == .sideEffectOverflow)
    }

    @Test("Stopping and restarting mid-stream loses no side effect and repeats none (stress)", arguments: 1...5)
    func stopMidStream(round: Int) async {
        let total = 2_000
        let errors = ErrorLog()
        // Room for every side effect: this test is about races, not overflow.
        let store = Store(
            Notifier(), initialState: .init(), sideEffects: .buffer(capacity: total), onError: errors.handler)
        let received = Probe<Int>()
        let binder = Binder(store).bind(sideEffects: { received.append($0) })
        binder.start()
        store.send(.postMany(count: total))
        var toggles = 0
        while store.state.posted < total {
            binder.stop()
            await Task.yield()
            binder.start()
            await Task.yield()
            toggles += 1
        }
        await store.waitForIdle()
        binder.start()
        await received.wait(for: total)
        #expect(received.values == Array(1...total))
        #expect(errors.all.isEmpty)
        #expect(toggles > 0)
    }

    @Test("Binder delivers states and side effects in the order the store made them")
    func statesAndSideEffectsInOrder() async {
        enum Delivery: Equatable { case state(Int), sideEffect(Int) }
        let store = Store(Notifier(), initialState: .init())
        let log = Probe<Delivery>()
        let binder = Binder(store)
            .bind(states: { log.append(.state($0.posted)) })
            .bind(sideEffects: { log.append(.sideEffect($0)) })
        binder.start()
        store.send(.post(10))
        store.send(.post(20))
        await log.wait(for: 5)
        #expect(log.values == [.state(0), .state(1), .sideEffect(10), .state(2), .sideEffect(20)])
    }

    @Test("An observer that stops the binder gets the side effects already taken, from stop()")
    func handlerStopsBinder() async {
        let store = Store(Notifier(), initialState: .init())
        let received = Probe<Int>()
        var binder: Binder<Notifier>?
        binder = Binder(store).bind(sideEffects: { n in
            received.append(n)
            if n == 1 { binder?.stop() }
        })
        store.send(.post(1))
        store.send(.post(2))
        binder?.start()
        #expect(received.values == [1, 2])
        #expect(binder?.isStarted == false)
        store.send(.post(3))
        await Task.yield()
        #expect(received.values == [1, 2])
        binder?.start()
        #expect(received.values == [1, 2, 3])
    }

    @Test("A released binder stops: its side effects stay with the store")
    func releasedBinderStops() async {
        let store = Store(Notifier(), initialState: .init())
        let received = Probe<Int>()
        weak var weakBinder: Binder<Notifier>?
        do {
            let binder = Binder(store).bind(sideEffects: { received.append($0) })
            binder.start()
            weakBinder = binder
        }
        #expect(weakBinder == nil)
        store.send(.post(1))
        let next = Binder(store).bind(sideEffects: { received.append($0) })
        next.start()
        #expect(received.values == [1])
    }

    @Test("A binder released with a side effect it took but had not delivered gives it back to the store")
    func releasedBinderGivesBackWhatItTook() async {
        let store = Store(Notifier(), initialState: .init())
        let first = Probe<Int>(), second = Probe<Int>()
        do {
            let binder = Binder(store).bind(sideEffects: { first.append($0) })
            binder.start()
            store.send(.post(1))  // taken now, delivered on the main actor's next turn
        }
        let next = Binder(store).bind(sideEffects: { second.append($0) })
        next.start()
        await second.wait(for: 1)
        #expect(first.values.isEmpty)
        #expect(second.values == [1])
    }

    @Test("A side effect handed back by a released binder is posted once: middleware sees it once")
    func returnedSideEffectIsNotPostedAgain() async {
        let posted = Locked<[Int]>([])
        let counter = AnyMiddleware<Notifier>(observing: [.sideEffect]) { event, _ in
            if case .sideEffect(let value) = event { posted.withLock { $0.append(value) } }
        }
        let store = Store(Notifier(), initialState: .init(), middleware: [counter])
        do {
            let binder = Binder(store).bind(sideEffects: { _ in })
            binder.start()
            store.send(.post(1))  // taken now, handed back when the binder goes
        }
        let received = Probe<Int>()
        let next = Binder(store).bind(sideEffects: { received.append($0) })
        next.start()
        await received.wait(for: 1)
        #expect(received.values == [1])
        #expect(posted.withLock { $0 } == [1])
    }

    @Test("The binder does not keep its view alive; a released view is simply not rendered")
    func binderDoesNotKeepTheView() async {
        let store = Store(CalculatorStore(), initialState: .init())
        let binder = Binder(store)
        weak var weakView: CalculatorViewProxy?
        do {
            let view = CalculatorViewProxy()
            binder.bind(view, model: CalculatorViewModel.init, intent: CalculatorStore.Intent.init)
            binder.start()
            #expect(view.model == CalculatorViewModel(value: "0"))
            weakView = view
        }
        #expect(weakView == nil)
        store.send(.increment)
        binder.stop()
        binder.start()
        #expect(binder.isStarted)
    }
}
