import Foundation
import MVI
import MVIFixtures
import Testing

/// The store calls its observers without retaining them or copying the state for each call:
/// nothing may change either while an observer runs. These tests do, from inside observers
/// and from other threads, what could: subscribe, cancel, release a subscription, end the
/// store, send, read the state, and keep the states they are given.
@Suite(.timeLimit(.minutes(5))) struct ObserverCallTests {
    /// A state whose label is a new heap string at every step, so that a state passed on
    /// without its reference being accounted for would be read after it is freed.
    struct Labelled: Feature {
        struct State: Sendable, Equatable {
            var count = 0
            var label = Labelled.label(0)
        }
        enum Intent: Sendable { case increment }
        typealias Message = Intent
        typealias SideEffect = Never

        static func label(_ count: Int) -> String { "a label longer than a small string: \(count)" }

        static func reduce(_ state: inout State, _ message: Intent) {
            state.count += 1
            state.label = label(state.count)
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
    }

    static func expected(_ counts: ClosedRange<Int>) -> [Labelled.State] {
        counts.map { Labelled.State(count: $0, label: Labelled.label($0)) }
    }

    @Test(arguments: [1, 3])
    func observersKeepTheStatesTheyAreGivenAfterTheStoreIsGone(observerCount: Int) {
        let kept = (0..<observerCount).map { _ in Collected<Labelled.State>() }
        do {
            let store = Store(Labelled(), initialState: .init())
            let subscriptions = kept.map { collected in store.subscribe { collected.append($0) } }
            for _ in 0..<500 { store.send(.increment) }
            for subscription in subscriptions { subscription.cancel() }
        }
        for collected in kept {
            #expect(collected.values == Self.expected(0...500))
        }
    }

    @Test func aObserverReadingTheStoreSeesTheStateItIsGiven() {
        let store = Store(Labelled(), initialState: .init())
        let mismatches = Collected<Int>()
        let subscriptions = (0..<2).map { _ in
            store.subscribe { state in
                if store.state != state { mismatches.append(state.count) }
            }
        }
        for _ in 0..<100 { store.send(.increment) }
        #expect(mismatches.values.isEmpty)
        for subscription in subscriptions { subscription.cancel() }
    }

    @Test func aObserverThatEndsItsStoreLetsTheOthersInTheSameStepRunFirst() {
        let store = Store(Labelled(), initialState: .init())
        let seen = (0..<3).map { _ in Collected<Int>() }
        let subscriptions = seen.enumerated().map { index, collected in
            store.subscribe { state in
                collected.append(state.count)
                if index == 1 && state.count == 1 { store.cancel() }
            }
        }
        store.send(.increment)
        store.send(.increment)  // after the end: dropped
        #expect(seen.map(\.values) == [[0, 1], [0, 1], [0, 1]])
        #expect(store.isCancelled)
        withExtendedLifetime(subscriptions) {}
    }

    @Test func observersThatReleaseSubscribeAndCancelDuringAStepChangeTheListAfterIt() {
        let store = Store(Labelled(), initialState: .init())
        let first = Collected<Int>()
        let second = Collected<Int>()
        let late = Collected<Int>()
        let boxes = Locked<[Subscription?]>([nil, nil, nil])
        do {  // the boxes own the subscriptions
            let releasing = store.subscribe { state in
                first.append(state.count)
                if state.count == 1 {
                    // Released, not cancelled: its `deinit` cancels, from inside the observer.
                    boxes.withLock { $0[0] = nil }
                    let added = store.subscribe { late.append($0.count) }
                    boxes.withLock { $0[2] = added }
                }
            }
            let cancelling = store.subscribe { state in
                second.append(state.count)
                if state.count == 2 { boxes.withLock { $0[1] }?.cancel() }
            }
            boxes.withLock { $0 = [releasing, cancelling, nil] }
        }
        for _ in 0..<3 { store.send(.increment) }
        #expect(first.values == [0, 1])
        #expect(second.values == [0, 1, 2])
        #expect(late.values == [1, 2, 3])
        boxes.withLock { $0 = [] }
    }
}

/// Observers come and go from inside observers while several threads send and others read
/// the state: every state reaches a lasting observer once, in order, and intact.
@Suite(.timeLimit(.minutes(5))) struct ObserverCallStressTests {
    typealias Labelled = ObserverCallTests.Labelled

    static let senders = 4
    static let perSender = 5_000

    @Test func observersComingAndGoingDuringConcurrentSendsAndReads() async {
        let store = Store(Labelled(), initialState: .init())
        let lasting = Collected<Labelled.State>()
        let problems = Collected<String>()
        let churning = Locked<[Subscription]>([])
        let churnedCalls = Locked(0)

        // Each churning observer sees a few states, then cancels itself; every seventh state
        // it sees, it subscribes another one. All of it from inside the observers.
        @Sendable func churn() {
            let seen = Locked(0)
            let box = Locked<Subscription?>(nil)
            let subscription = store.subscribe { state in
                churnedCalls.withLock { $0 += 1 }
                if state.label != Labelled.label(state.count) { problems.append("churned \(state.count)") }
                let count = seen.withLock { count in
                    count += 1
                    return count
                }
                if count % 7 == 0 { churn() }
                if count == 5 { box.withLock { $0 }?.cancel() }
            }
            box.withLock { $0 = subscription }
            churning.withLock { $0.append(subscription) }
        }
        let lastingSubscription = store.subscribe { state in
            lasting.append(state)
            if store.state != state { problems.append("read \(store.state.count) in the observer of \(state.count)") }
        }
        for _ in 0..<3 { churn() }

        let senders = Threads.start(Self.senders) { _ in
            for _ in 0..<Self.perSender { store.send(.increment) }
        }
        let stop = Locked(false)
        let readers = Threads.start(2) { _ in
            while !stop.withLock({ $0 }) {
                let state = store.state
                if state.label != Labelled.label(state.count) { problems.append("read \(state.count)") }
            }
        }
        await senders.join()
        stop.withLock { $0 = true }
        await readers.join()
        await store.waitForIdle()

        let total = Self.senders * Self.perSender
        #expect(problems.values.isEmpty)
        #expect(lasting.values == ObserverCallTests.expected(0...total))
        #expect(churnedCalls.withLock { $0 } > 0)
        lastingSubscription.cancel()
        for subscription in churning.withLock({ $0 }) { subscription.cancel() }
    }
}
