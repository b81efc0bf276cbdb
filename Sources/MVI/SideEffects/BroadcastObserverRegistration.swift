import Synchronization

/// Keeps a broadcast observer registered for as long as its iterator lives.
final class BroadcastObserverRegistration<F: Feature>: Sendable {
    let core: StoreCore<F>
    let id: Int

    init(core: StoreCore<F>) {
        self.core = core
        self.id = core.addBroadcastObserver()
    }

    deinit {
        core.removeBroadcastObserver(id)
    }
}
