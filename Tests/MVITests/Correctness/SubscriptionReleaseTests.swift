import MVI
import MVIFixtures
import Testing

/// A subscription lets go of its observer, and of what the observer captures, when it is
/// cancelled or released: a view model that an observer captures, and that keeps the
/// subscription, is freed once it cancels, whether or not the store changes again.
@Suite(.timeLimit(.minutes(5))) struct SubscriptionReleaseTests {
    final class Owner: Sendable {}

    @Test func cancellingReleasesWhatTheObserverCaptures() {
        let store = Store(Counter(), initialState: .init())
        weak var weakOwner: Owner?
        let subscription: Subscription
        do {
            let owner = Owner()
            weakOwner = owner
            subscription = store.subscribe { _ in withExtendedLifetime(owner) {} }
        }
        #expect(weakOwner != nil)
        subscription.cancel()
        #expect(weakOwner == nil)  // the store has not changed since: nothing else let go
        store.send(.increment)
        #expect(store.state.count == 1)
    }

    @Test func aObserverThatCancelsItselfIsReleasedAfterItReturns() {
        let store = Store(Counter(), initialState: .init())
        let box = SubscriptionBox()
        weak var weakOwner: Owner?
        let seen = Collected<Int>()
        do {
            let owner = Owner()
            weakOwner = owner
            box.subscription = store.subscribe { state in
                withExtendedLifetime(owner) { seen.append(state.count) }
                if state.count == 1 { box.subscription?.cancel() }
            }
        }
        store.send(.increment)
        #expect(weakOwner == nil)
        store.send(.increment)
        #expect(seen.values == [0, 1])
    }

    @Test func aStoreCapturedByItsOwnObserverIsFreedAfterCancel() {
        weak var weakStore: Store<Counter>?
        do {
            let store = Store(Counter(), initialState: .init())
            weakStore = store
            let subscription = store.subscribe { _ in withExtendedLifetime(store) {} }
            subscription.cancel()
        }
        #expect(weakStore == nil)
    }

    @Test func manyObserversCancelledInAnyOrderStillSeeEveryStateUntilThen() {
        let store = Store(Counter(), initialState: .init())
        let seen = (0..<6).map { _ in Collected<Int>() }
        var subscriptions = seen.map { collected in store.subscribe { collected.append($0.count) } }
        store.send(.increment)
        subscriptions[0].cancel()  // the first, held inline
        subscriptions[3].cancel()
        store.send(.increment)
        subscriptions[1].cancel()  // the next first
        store.send(.increment)
        let late = Collected<Int>()
        subscriptions.append(store.subscribe { late.append($0.count) })
        store.send(.increment)
        #expect(seen[0].values == [0, 1])
        #expect(seen[1].values == [0, 1, 2])
        #expect(seen[2].values == [0, 1, 2, 3, 4])
        #expect(seen[3].values == [0, 1])
        #expect(seen[4].values == [0, 1, 2, 3, 4])
        #expect(seen[5].values == [0, 1, 2, 3, 4])
        #expect(late.values == [3, 4])
        for subscription in subscriptions { subscription.cancel() }
    }

    @Test func subscribingAndCancellingOnAStoreThatNeverChangesReleasesEachObserver() {
        let store = Store(Counter(), initialState: .init())
        weak var lastOwner: Owner?
        for _ in 0..<1_000 {
            let subscription: Subscription
            do {
                let owner = Owner()
                lastOwner = owner
                subscription = store.subscribe { _ in withExtendedLifetime(owner) {} }
            }
            subscription.cancel()
            #expect(lastOwner == nil)
        }
    }

    @Test func concurrentCancelAndDeliveryNeverCallsAfterCancelReturns() async {
        let store = Store(Counter(), initialState: .init())
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<20_000 { store.send(.increment) }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<500 {
                        let cancelled = Flag()
                        let calledAfterCancel = Flag()
                        let subscription = store.subscribe { _ in
                            if cancelled.isSet { calledAfterCancel.set() }
                        }
                        subscription.cancel()
                        cancelled.set()
                        store.send(.noop)
                        #expect(!calledAfterCancel.isSet)
                    }
                }
            }
        }
        #expect(store.state.count == 20_000)
    }
}

/// Holds a subscription that its own observer cancels.
// @unchecked: written before the first send, read on the draining thread after it.
private final class SubscriptionBox: @unchecked Sendable {
    var subscription: Subscription?
}

/// A flag set once, read from any thread.
private final class Flag: Sendable {
    private let value = Locked(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
