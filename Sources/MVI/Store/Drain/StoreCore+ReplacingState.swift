/// Replacing the state from outside the feature (``Store/replaceState(with:)``): input that is
/// applied in order with intents, on the draining thread.
extension StoreCore {
    /// Replaces the state: shown to the hook (time travel), to middleware as
    /// ``StoreEvent/stateReplaced(_:)``, and published to observers. A state time travel was
    /// showing is forgotten: the new state is the store's own.
    func replaceState(with state: F.State) {
        if drainer.liveWhileShowing != nil {
            stateLock.withLock { drainer.liveWhileShowing = nil }
        }
        if hasHook {
            replaceHooked(state)
        } else {
            stateLock.withLock { drainer.state = state }
        }
        if hasSharing { publishReplacement() }
        if wants(.stateReplaced) { emit(.stateReplaced(drainer.state)) }
        notifyObservers()
    }
}
