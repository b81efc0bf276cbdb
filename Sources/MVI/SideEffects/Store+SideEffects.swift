import Synchronization

extension Store {
    /// The store's side effects, as an async sequence.
    ///
    /// With the ``SideEffectPolicy/buffer(capacity:)`` and ``SideEffectPolicy/dropOldest(capacity:)``
    /// policies each side effect is taken by exactly one iteration, in order; side effects
    /// posted while nobody iterates wait and are delivered once a consumer asks, so none is
    /// lost when a view stops listening for a while. With ``SideEffectPolicy/broadcast(capacity:)``
    /// every iteration receives every side effect posted after it started.
    ///
    /// The sequence ends when the store is cancelled or released.
    public var sideEffects: SideEffectSequence<F> {
        SideEffectSequence(core: core)
    }

    /// Calls `observer` with each side effect, on the thread that processes the store's work.
    ///
    /// An observer registered here counts like any other: under a single-consumer policy it takes each side
    /// effect (the oldest registered observer first) and, when registered, everything that
    /// waited for an observer.
    public func onSideEffect(_ observer: @escaping @Sendable (F.SideEffect) -> Void) -> Subscription {
        let observer = SideEffectObserver(observer)
        core.submit(.addSideEffectObserver(observer))
        return Subscription { [weak core] in
            observer.cancel()
            core?.submit(.removeSideEffectObserver(observer))
        }
    }
}

extension Store {
    /// Registers a side-effect observer that may refuse a side effect (by returning `false`);
    /// a refused one goes to the next observer or waits in the buffer. Used by `MVIView`'s
    /// `Binder`, which takes side effects only while its view is active.
    package func observeSideEffects(accepting accept: @escaping @Sendable (F.SideEffect) -> Bool) -> Subscription {
        let observer = SideEffectObserver(accepting: accept)
        core.submit(.addSideEffectObserver(observer))
        return Subscription { [weak core] in
            observer.cancel()
            core?.submit(.removeSideEffectObserver(observer))
        }
    }
}

extension Store {
    /// Gives back a side effect an observer took but could not deliver (a binder released
    /// before its view got it): the store delivers it to its next observer. Package API for
    /// `MVIView`'s `Binder`.
    package func returnSideEffect(_ sideEffect: F.SideEffect) {
        core.submit(.returnedSideEffect(sideEffect))
    }

    /// Reports a failure of an add-on (a binder's intent stream) to the store's error handler.
    package func report(_ error: StoreError) {
        core.report(error)
    }
}
