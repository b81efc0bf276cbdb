import MVI
import MVIFixtures
import Synchronization
import Testing

/// `Shared` values across stores: one source of truth, each change an event in every other
/// store, in one order, nothing lost.
@Suite(.timeLimit(.minutes(5))) struct SharedStateTests {
    /// A counter store whose count is `shared`.
    func store(_ shared: Shared<Int>, name: String = "C", middleware: [any Middleware<Counter>] = []) -> Store<Counter>
    {
        Store(Counter(), initialState: .init(), name: name, middleware: middleware, sharing: [.init(\.count, shared)])
    }

    @Test func twoStoresSeeEachOthersChanges() {
        let count = Shared(0)
        let a = store(count, name: "A")
        let b = store(count, name: "B")
        a.send(.increment)
        #expect(count.value == 1)
        #expect(b.state.count == 1)
        b.send(.add(10))
        #expect(a.state.count == 11)
        #expect(count.value == 11)
    }

    @Test func theSharedValueWinsOverTheInitialState() {
        let count = Shared(7)
        let store = Store(Counter(), initialState: .init(count: 3), sharing: [.init(\.count, count)])
        #expect(store.state.count == 7)
        #expect(count.value == 7)
    }

    @Test func aChangeFromOutsideIsAnEventForMiddlewareAndObservers() {
        let count = Shared(0)
        let lines = Collected<String>()
        let recorder = AnyMiddleware<Counter> { event, context in lines.append(eventLine(event, context)) }
        let store = store(count, middleware: [recorder])
        let seen = Collected<Int>()
        let subscription = store.subscribe { seen.append($0.count) }
        count.withLock { $0 += 5 }
        count.set(5)  // unchanged: no event
        store.send(.increment)
        #expect(seen.values == [0, 5, 6])
        #expect(
            lines.values == [
                "[C] created 0", "[C] started", "[C] sharedChange 5", "[C] intent increment",
                "[C] message changed(by: 1)", "[C] state 6 false",
            ])
        subscription.cancel()
    }

    @Test func theWritingStoreGetsNoEventForItsOwnChange() {
        let count = Shared(0)
        let lines = Collected<String>()
        let recorder = AnyMiddleware<Counter>(observing: [.sharedChange]) { event, context in
            lines.append(eventLine(event, context))
        }
        let a = store(count, name: "A", middleware: [recorder])
        let b = store(count, name: "B", middleware: [recorder])
        a.send(.increment)
        b.send(.increment)
        #expect(lines.values == ["[B] sharedChange 1", "[A] sharedChange 2"])
        _ = (a, b)
    }

    @Test func aChangeWaitsForStartAndIsHeldWithInput() {
        let count = Shared(0)
        let store = Store(Counter(), initialState: .init(), sharing: [.init(\.count, count)], start: false)
        count.set(4)
        #expect(store.state.count == 0)
        store.start()
        #expect(store.state.count == 4)
        store.hooks.holdInput()
        count.set(9)
        #expect(store.state.count == 4)
        store.hooks.resumeInput()
        #expect(store.state.count == 9)
    }

    @Test func aReplacedStateWritesTheSharedValue() {
        let count = Shared(0)
        let a = store(count, name: "A")
        let b = store(count, name: "B")
        a.replaceState(with: .init(count: 42))
        #expect(count.value == 42)
        #expect(b.state.count == 42)
    }

    @Test func anOptionalPartIsWrittenOnlyWhilePresent() {
        struct Holder: Feature {
            struct State: Equatable, Sendable { var part: Int? }
            enum Intent: Sendable { case set(Int?) }
            typealias Message = Intent
            typealias SideEffect = Never
            func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
            static func reduce(_ state: inout State, _ message: Intent) {
                if case .set(let value) = message { state.part = value }
            }
        }
        let shared = Shared(1)
        let store = Store(Holder(), initialState: .init(part: nil), sharing: [.init(\.part, shared)])
        #expect(store.state.part == nil)
        shared.set(2)
        #expect(store.state.part == nil)
        store.send(.set(0))
        // Present again: the reducer's value is written.
        #expect(shared.value == 0)
        shared.set(3)
        #expect(store.state.part == 3)
        store.send(.set(nil))
        #expect(shared.value == 3)
    }

    @Test func aReleasedStoreIsNotKeptAliveAndNoLongerReceives() {
        let count = Shared(0)
        weak var released: Store<Counter>?
        do {
            let store = store(count)
            released = store
            count.set(1)
            #expect(store.state.count == 1)
        }
        #expect(released == nil)
        count.set(2)
        let other = store(count)
        #expect(other.state.count == 2)
    }

    @Test func twoValuesInEitherOrderNeverDeadlock() async {
        struct Pair: Feature {
            struct State: Equatable, Sendable {
                var left = 0
                var right = 0
            }
            enum Intent: Sendable { case bump }
            typealias Message = Intent
            typealias SideEffect = Never
            func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
            static func reduce(_ state: inout State, _ message: Intent) {
                state.left += 1
                state.right += 1
            }
        }
        let left = Shared(0)
        let right = Shared(0)
        let a = Store(Pair(), initialState: .init(), sharing: [.init(\.left, left), .init(\.right, right)])
        let b = Store(Pair(), initialState: .init(), sharing: [.init(\.right, right), .init(\.left, left)])
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<8 {
                group.addTask {
                    for _ in 0..<500 { (sender.isMultiple(of: 2) ? a : b).send(.bump) }
                }
            }
        }
        await a.waitForIdle()
        await b.waitForIdle()
        #expect(left.value == 4_000)
        #expect(right.value == 4_000)
        #expect(a.state == .init(left: 4_000, right: 4_000))
        #expect(b.state == a.state)
    }

    /// 8 threads of writers: 6 send increments to three stores bound to the value, 2 write it
    /// directly. No increment is lost, every store ends at the total, and each store sees the
    /// value only grow (one order everywhere).
    @Test func eightWritersLoseNothingAndEveryStoreSeesOneOrder() async {
        let count = Shared(0)
        let stores = (0..<3).map { store(count, name: "S\($0)") }
        let seen = stores.map { _ in Collected<Int>() }
        let subscriptions = zip(stores, seen).map { store, seen in store.subscribe { seen.append($0.count) } }
        let perWriter = 2_000
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for _ in 0..<perWriter {
                        if writer < 6 {
                            stores[writer % 3].send(.increment)
                        } else {
                            count.withLock { $0 += 1 }
                        }
                    }
                }
            }
        }
        for store in stores { await store.waitForIdle() }
        #expect(count.value == 8 * perWriter)
        for (store, seen) in zip(stores, seen) {
            #expect(store.state.count == 8 * perWriter)
            let values = seen.values
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "\(store.name) saw the count go back")
        }
        for subscription in subscriptions { subscription.cancel() }
    }
}
