/// Adding and removing the store's state observers: queued as control items, run by the
/// drain-claim holder (StoreCore+Performing.swift).
extension StoreCore {
    @usableFromInline func observe(_ observer: StateObserver<F.State>) -> Subscription {
        observer.attach(to: self)
        submit(.addObserver(observer))
        // Cancelling closes the observer's gate, which then asks this store to drop it.
        return Subscription(closing: observer)
    }

    /// Observes the store's states and its end, for add-ons in other modules of the package
    /// (the state keeper): `onState` runs on the draining thread, as any observer does.
    package func observe(
        onState: @escaping @Sendable (F.State) -> Void,
        onFinish: (@Sendable () -> Void)?
    ) -> Subscription {
        observe(StateObserver(onState: onState, onFinish: onFinish))
    }
}

extension StoreCore: StateObserverRemoving {
    func removeObserver(_ observer: ObserverGate) {
        submit(.removeObserver(observer))
    }
}
