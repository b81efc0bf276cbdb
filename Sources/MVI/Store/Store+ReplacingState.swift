extension Store {
    /// Replaces the store's state as a whole, from outside the feature: what a debugger's
    /// state editor, a restore from saved state or a test fixture uses.
    ///
    /// It is input like ``send(_:)``: it never blocks, it is applied in order with intents
    /// and async work's messages (after whatever is queued before it), it waits while the
    /// store is not started or time travel holds input, and it is dropped once the store is
    /// cancelled. When it is applied, observers and observers get the new state,
    /// middleware sees ``StoreEvent/stateReplaced(_:)`` (no message precedes it), and time
    /// travel shows it as a state event, so it is in the timeline and in exports and
    /// stepping back goes to the state before it.
    ///
    /// The feature's async work is not cancelled: what it dispatches later is reduced into
    /// the new state.
    public func replaceState(with state: F.State) {
        core.submit(.replaceState(state))
    }
}
