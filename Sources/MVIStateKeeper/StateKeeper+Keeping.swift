import MVI

extension StateKeeper {
    /// Keeps `store`'s state saved from now on, until the store ends.
    ///
    /// - With ``SaveTrigger/onChange(coalescing:)``, a change marks the state dirty (an
    ///   atomic flag: the send path pays nothing more) and a task of the keeper writes the
    ///   latest state once per interval at most. Nothing keeps a copy of the state between
    ///   writes, so mutations stay in place.
    /// - When the store is cancelled or released, the latest state is saved once more, on the
    ///   thread that ends the store, before `cancel()` returns there, even while another
    ///   thread is processing the store's input (that thread saves again when it finishes, if
    ///   the state changed meanwhile).
    /// - It saves the store's own state, never a state time travel shows
    ///   (`StoreHooks.show(_:)`).
    /// - A restore failure kept by ``restoredState(or:)`` and any failure to save go to the
    ///   store's error handler as a `StoreError` with origin `.addOn("state keeper")`. A
    ///   failed or refused save is tried again by the next ``flush()`` and the final save.
    ///   While saving is refused (a saved state that could not be read is kept, see
    ///   ``load()``), the kept store hears of it once, not on every change.
    ///
    /// Keeping another store stops keeping this one.
    public func keep<F: Feature>(_ store: Store<F>, saving trigger: SaveTrigger = .default)
    where F.State == State {
        let core = store.core
        if let failure = io.withLock({ io -> StateKeeperError? in
            defer { io.pendingFailure = nil }
            io.refusalReported = false  // a new store hears of a refusal once, too
            return io.pendingFailure
        }) {
            core.report(StoreError(storeName: core.name, origin: .addOn("state keeper"), underlying: failure))
        }
        let handle = KeptStore(keeper: self, core: core, trigger: trigger)
        let previous = kept.withLock { kept in
            defer { kept = handle }
            return kept
        }
        previous?.stop()
        handle.begin()
    }

    /// Saves the kept store's state now, if it changed since the last save. Failures go to
    /// the store's error handler. Call it when the app goes to the background.
    public func flush() {
        kept.withLock { $0 }?.flush()
    }

    /// Stops keeping the store (without a final save).
    public func stopKeeping() {
        kept.withLock { kept in
            defer { kept = nil }
            return kept
        }?.stop()
    }
}
