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

/// The side effects of a store, as an async sequence. See ``Store/sideEffects``.
public struct SideEffectSequence<F: Feature>: AsyncSequence, Sendable {
    /// Each element is one side effect.
    public typealias Element = F.SideEffect
    /// Iteration never throws.
    public typealias Failure = Never

    let core: StoreCore<F>

    /// Starts an iteration. Under the broadcast policy it starts listening now.
    public func makeAsyncIterator() -> AsyncIterator {
        let registration = core.policy.delivery == .broadcast ? ListenerRegistration(core: core) : nil
        return AsyncIterator(core: core, registration: registration)
    }

    /// Iterates over side effects.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let core: StoreCore<F>
        let registration: ListenerRegistration<F>?

        /// The next side effect, or `nil` once the store has ended and nothing waits.
        public mutating func next() async -> F.SideEffect? {
            if let registration {
                return await core.nextBroadcast(listener: registration.id)
            }
            return await core.nextSideEffect()
        }
    }
}

/// Keeps a broadcast listener registered for as long as its iterator lives.
final class ListenerRegistration<F: Feature>: Sendable {
    let core: StoreCore<F>
    let id: Int

    init(core: StoreCore<F>) {
        self.core = core
        self.id = core.control.withLock { $0.sideEffects.addListener() }
    }

    deinit {
        core.control.withLock { $0.sideEffects.removeListener(id) }
    }
}

extension StoreCore {
    func nextSideEffect() async -> F.SideEffect? {
        let ready = control.withLock { control -> F.SideEffect?? in
            if let sideEffect = control.sideEffects.take() { return .some(sideEffect) }
            return control.sideEffects.isFinished ? .some(nil) : nil
        }
        if let ready { return ready }
        let waiterID = control.withLock { $0.sideEffects.nextID(forWaiter: ()) }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<F.SideEffect?, Never>) in
                control.withLock { control in
                    if let sideEffect = control.sideEffects.take() {
                        continuation.resume(returning: sideEffect)
                    } else if control.sideEffects.isFinished || Task.isCancelled {
                        continuation.resume(returning: nil)
                    } else {
                        control.sideEffects.waiters.append((waiterID, continuation))
                    }
                }
            }
        } onCancel: {
            control.withLock { control in
                if let index = control.sideEffects.waiters.firstIndex(where: { $0.id == waiterID }) {
                    control.sideEffects.waiters.remove(at: index).continuation.resume(returning: nil)
                }
            }
        }
    }

    func nextBroadcast(listener id: Int) async -> F.SideEffect? {
        let ready = control.withLock { control -> F.SideEffect?? in
            if let sideEffect = control.sideEffects.listeners[id]?.queue.popFirst() { return .some(sideEffect) }
            return control.sideEffects.isFinished || control.sideEffects.listeners[id] == nil ? .some(nil) : nil
        }
        if let ready { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<F.SideEffect?, Never>) in
                control.withLock { control in
                    if let sideEffect = control.sideEffects.listeners[id]?.queue.popFirst() {
                        continuation.resume(returning: sideEffect)
                    } else if control.sideEffects.isFinished || Task.isCancelled
                        || control.sideEffects.listeners[id] == nil {
                        continuation.resume(returning: nil)
                    } else {
                        control.sideEffects.listeners[id]!.waiter = continuation  // checked just above
                    }
                }
            }
        } onCancel: {
            control.withLock { control in
                if let waiter = control.sideEffects.listeners[id]?.waiter {
                    control.sideEffects.listeners[id]!.waiter = nil  // checked just above
                    waiter.resume(returning: nil)
                }
            }
        }
    }
}
