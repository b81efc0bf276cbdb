import Foundation
import MVI
import MVIFixtures
import Synchronization
import Testing

/// Observers stop when their subscription is cancelled, and every side effect dropped is
/// reported.
@Suite(.timeLimit(.minutes(5))) struct ObserverCancelTests {
    /// Subscribes and cancels 2,000 times while another thread keeps sending; counts the
    /// observers still running, or run, after `cancel()` returned.
    func lateObserverCalls(
        _ store: Store<Counter>, sending intent: Counter.Intent,
        subscribe: (@escaping @Sendable () -> Void) -> Subscription
    ) -> Int {
        let running = Atomic<Bool>(true)
        // Another thread keeps the store busy, so observers run there while we cancel here.
        let sender = Thread {
            while running.load(ordering: .relaxed) { store.send(intent) }
        }
        sender.start()
        let late = Atomic<Int>(0)
        for _ in 0..<2_000 {
            let cancelled = Atomic<Bool>(false)
            let subscription = subscribe {
                usleep(20)  // widens the window: an observer still running when cancel returns is late
                if cancelled.load(ordering: .acquiring) { late.add(1, ordering: .relaxed) }
            }
            subscription.cancel()
            cancelled.store(true, ordering: .releasing)
        }
        running.store(false, ordering: .relaxed)
        return late.load(ordering: .relaxed)
    }

    @Test func noStateObserverRunsAfterCancelReturns() {
        let store = Store(Counter(), initialState: .init())
        #expect(lateObserverCalls(store, sending: .increment) { call in store.subscribe { _ in call() } } == 0)
    }

    @Test func noSideEffectObserverRunsAfterCancelReturns() {
        // A buffer of one overflows all along here, and each drop is reported: to a handler
        // that ignores them, not to standard error (tens of thousands of lines in CI's log).
        let store = Store(
            Counter(), initialState: .init(), sideEffects: .dropOldest(capacity: 1),
            onError: StoreErrorHandler { _ in })
        #expect(lateObserverCalls(store, sending: .notify("x")) { call in store.onSideEffect { _ in call() } } == 0)
    }

    @Test func aObserverMayCancelItsOwnSubscription() {
        let store = Store(Counter(), initialState: .init())
        let calls = Atomic<Int>(0)
        let subscription = Locked<Subscription?>(nil)
        subscription.withLock { held in
            held = store.subscribe { _ in
                calls.add(1, ordering: .relaxed)
            }
        }
        let own = Locked<Subscription?>(nil)
        own.withLock { held in
            held = store.subscribe { state in
                if state.count == 1 { own.withLock { $0 }?.cancel() }  // from inside: no wait
            }
        }
        store.send(.increment)
        store.send(.increment)
        #expect(calls.load(ordering: .relaxed) == 3)
        _ = subscription
    }

    @Test func everySideEffectABroadcastDropsIsReported() async {
        let errors = Collected<StoreError>()
        let store = Store(
            Counter(), initialState: .init(), sideEffects: .broadcast(capacity: 2),
            onError: StoreErrorHandler { errors.append($0) })
        // Two observers that do not consume: each keeps 2 of 10 and loses 8.
        let first = store.sideEffects.makeAsyncIterator()
        let second = store.sideEffects.makeAsyncIterator()
        for index in 0..<10 { store.send(.notify("\(index)")) }
        let overflows = errors.values.filter { $0.origin == .sideEffectOverflow }
        #expect(overflows.count == 16)
        _ = (first, second)
    }
}
