import MVI
import MVIFixtures
import Testing

@Suite(.timeLimit(.minutes(5))) struct AsyncWorkTests {
    @Test func latestWinsCancelsThePreviousRun() async {
        let gates = Locked<[String: Gate<Int>]>([:])
        let started = Collected<String>()
        let feature = Counter(numbers: { length in
            let key = "q\(length)"
            let gate = gates.withLock { gates in
                if let gate = gates[key] { return gate }
                let gate = Gate<Int>()
                gates[key] = gate
                return gate
            }
            started.append(key)
            let value = await gate.wait()
            try Task.checkCancellation()
            return value
        })
        let store = Store(feature, initialState: .init())
        store.send(.search("a"))
        while !started.values.contains("q1") { await Task.yield() }
        store.send(.search("ab"))  // cancels the search for "a"
        while !started.values.contains("q2") { await Task.yield() }
        gates.withLock { $0["q1"] }?.open(1_000)
        gates.withLock { $0["q2"] }?.open(2)
        await store.waitForIdle()
        #expect(store.state.count == 2)
    }

    @Test func cancelByIDStopsTheWork() async {
        let cancelled = Gate<Bool>()
        struct Feature_: Feature {
            typealias State = Counter.State
            enum Intent: Sendable { case start, stop }
            typealias Message = Counter.Message
            let cancelled: Gate<Bool>
            static func reduce(_ state: inout State, _ message: Message) { Counter.reduce(&state, message) }
            func execute(_ intent: Intent, _ context: StoreContext<Self>) {
                switch intent {
                case .start:
                    context.run(id: "timer") { context in
                        await withTaskCancellationHandler {
                            await Gate<Void>().wait()  // never opens
                        } onCancel: {
                            cancelled.open(true)
                        }
                        await context.dispatch(.changed(by: 1))  // ignored: the task is cancelled
                    }
                case .stop:
                    context.cancel(id: "timer")
                }
            }
        }
        let store = Store(Feature_(cancelled: cancelled), initialState: .init())
        store.send(.start)
        #expect(store.runningTaskCount == 1)
        store.send(.stop)
        #expect(await cancelled.wait())
        await store.waitForIdle()
        #expect(store.state.count == 0)
        #expect(store.runningTaskCount == 0)
    }

    @Test func releasingTheStoreCancelsItsWork() async {
        let cancelled = Gate<Bool>()
        struct Feature_: Feature {
            struct State: Sendable {}
            enum Intent: Sendable { case start }
            enum Message: Sendable {}
            let cancelled: Gate<Bool>
            static func reduce(_ state: inout State, _ message: Message) {}
            func execute(_ intent: Intent, _ context: StoreContext<Self>) {
                context.run { _ in
                    await withTaskCancellationHandler {
                        await Gate<Void>().wait()
                    } onCancel: {
                        cancelled.open(true)
                    }
                }
            }
        }
        weak var weakStore: Store<Feature_>?
        do {
            let store = Store(Feature_(cancelled: cancelled), initialState: .init())
            store.send(.start)
            weakStore = store
        }
        #expect(weakStore == nil)
        #expect(await cancelled.wait())
    }

    @Test func cancellingTheStoreCancelsItsWork() async {
        let store = Store(Counter(), initialState: .init())
        store.send(.wait)
        #expect(store.runningTaskCount == 1)
        store.cancel()
        #expect(store.runningTaskCount == 0)
        store.send(.wait)
        #expect(store.runningTaskCount == 0, "a cancelled store starts no work")
    }

    @Test func errorsReachTheHandlerAndTheStoreKeepsWorking() async {
        let errors = Collected<StoreError>()
        let store = Store(
            Counter(), initialState: .init(), name: "Errors", onError: StoreErrorHandler { errors.append($0) })
        store.send(.fail)
        await store.waitForIdle()
        #expect(errors.values.count == 1)
        let error = errors.values.first
        #expect(error?.storeName == "Errors")
        #expect(error?.origin == .asyncWork(id: "load") || error?.origin == .asyncWork(id: "fail"))
        #expect(error?.underlying is Counter.Boom)
        #expect(error?.description == "[Errors] async work \"fail\" failed: Boom()")
        store.send(.increment)
        #expect(store.state.count == 1)
        store.send(.loadLater(2))
        await store.waitForIdle()
        #expect(store.state.count == 3)
    }

    @Test func cancellationIsNotAFailure() async {
        let errors = Collected<StoreError>()
        let store = Store(Counter(), initialState: .init(), onError: StoreErrorHandler { errors.append($0) })
        store.send(.wait)
        store.cancel()
        await store.waitForIdle()
        #expect(errors.values.isEmpty)
    }
}
