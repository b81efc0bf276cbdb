import Synchronization

/// Keeps a broadcast listener registered for as long as its iterator lives.
final class ListenerRegistration<F: Feature>: Sendable {
    let core: StoreCore<F>
    let id: Int

    init(core: StoreCore<F>) {
        self.core = core
        self.id = core.addListener()
    }

    deinit {
        core.removeListener(id)
    }
}
