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

    /// Calls `handler` with each side effect, on the thread that processes the store's work.
    ///
    /// A callback counts as a listener: under a single-consumer policy it takes each side
    /// effect (the oldest registered callback first) and, when registered, everything that
    /// waited for a listener.
    public func onSideEffect(_ handler: @escaping @Sendable (F.SideEffect) -> Void) -> Subscription {
        let handler = SideEffectHandler(handler)
        core.submit(.addSideEffectHandler(handler))
        return Subscription { [weak core] in
            handler.cancel()
            core?.submit(.removeSideEffectHandler(handler))
        }
    }
}

extension Store {
    /// Registers a side-effect callback that may refuse a side effect (by returning `false`);
    /// a refused one goes to the next listener or waits in the buffer. Used by ``Binder``.
    func onSideEffect(accepting accept: @escaping @Sendable (F.SideEffect) -> Bool) -> Subscription {
        let handler = SideEffectHandler(accepting: accept)
        core.submit(.addSideEffectHandler(handler))
        return Subscription { [weak core] in
            handler.cancel()
            core?.submit(.removeSideEffectHandler(handler))
        }
    }
}
