/// A registered state observer, called only by the draining thread, through its gate: once
/// its subscription's `cancel()` returns, it is never called again.
///
/// It holds its store (strongly: a weak reference would give every observed store a side
/// table, one more allocation) until one of two things closes its gate: its subscription's
/// `cancel()`, which then asks the store to drop it, or the store's end, which drops every
/// observer. Either way the reference goes with it, so a kept subscription does not keep an
/// ended store.
@usableFromInline
final class StateObserver<State: Sendable>: ObserverGate, @unchecked Sendable {  // `store`: see below
    @usableFromInline let onState: @Sendable (State) -> Void
    /// Called when the store ends, so that a stream built on the observer can finish. Boxed:
    /// one word in every observer, the box only in the streams' (which allocate anyway).
    let onFinish: FinishClosure?
    // The store, as `AnyObject`: one word where the protocol's existential is two (the
    // conformance is looked up once, on cancel). Set before the observer is shared; then read
    // and cleared only by the one party that closes the gate (`didClose` after `cancel`, or
    // `finish`), which the gate's atomic compare-and-swap picks: no two threads touch it.
    @exclusivity(unchecked) private var store: AnyObject?

    @usableFromInline
    init(onState: @escaping @Sendable (State) -> Void, onFinish: (@Sendable () -> Void)? = nil) {
        self.onState = onState
        self.onFinish = onFinish.map(FinishClosure.init)
    }

    /// Ties the observer to the store that will list it; before it is submitted.
    func attach(to store: some StateObserverRemoving) {
        self.store = store
    }

    /// Tells the observer the store ended, unless its subscription was cancelled first.
    func finish() {
        let me = ThreadIdentity.current
        guard enter(as: me) else { return }
        close(as: me)  // for good: nothing is delivered after the end
        store = nil  // this thread closed the gate: the reference is its own
        onFinish?.body()
    }

    /// The subscription was cancelled: the store lets go of the observer (in order, as
    /// other control work; from inside the observer, once the observer returns).
    @usableFromInline override func didClose() {
        let store = self.store
        self.store = nil
        (store as? any StateObserverRemoving)?.removeObserver(self)
    }
}

/// A state observer's end-of-store observer, boxed to keep plain observers small.
final class FinishClosure: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}

/// A store that lists state observers, as an observer sees it: only to be dropped from the
/// list. A protocol so that the observer, generic over the state alone, can hold its store.
protocol StateObserverRemoving: AnyObject, Sendable {
    /// Drops `observer` from the store's observers.
    func removeObserver(_ observer: ObserverGate)
}
