/// Telling the observers of a new state and middleware of an event, without reference
/// counting on the send path.
extension StoreCore {
    /// Calls every observer with the state, each through its gate, so that none is called
    /// once its subscription's `cancel()` has returned.
    @inlinable func notifyObservers() {
        if drainer.observers.isEmpty { return }
        notifyObservers(on: ThreadIdentity.current)
    }

    /// ``notifyObservers()`` on thread `me`, known already.
    ///
    /// Neither the observers nor the state are retained around the observers: nothing can
    /// change either while they run. An observer's subscribe, cancel, send or state
    /// replacement is queued behind this step, and only this thread writes the state or the
    /// list. Retaining them cost two retain-release pairs (four atomic operations) per
    /// observer and send (budgets.tsv: send-1sub, send-100sub).
    @inlinable func notifyObservers(on me: UInt) {
        if let observer = drainer.observers.single {
            Self.notify(observer, of: &drainer.state, on: me)
        } else if case .many(let observers) = drainer.observers.storage {
            observers.withUnsafeBufferPointer { observers in
                // Read as unmanaged references (the same layout), so that none is retained.
                observers.withMemoryRebound(to: Unmanaged<StateObserver<F.State>>.self) { observers in
                    for observer in observers { Self.notify(observer, of: &drainer.state, on: me) }
                }
            }
        }
    }

    /// Calls one observer with the state, through its gate. `inout` only so that the state
    /// is passed on from the store's storage instead of copied: it is not written.
    @inlinable @inline(__always)
    static func notify(_ observer: Unmanaged<StateObserver<F.State>>, of state: inout F.State, on me: UInt) {
        // Unretained: the list holds the observer, and it does not change during the call.
        observer._withUnsafeGuaranteedRef { observer in
            guard observer.enter(as: me) else { return }
            observer.onState(state)
            observer.leave(as: me)
        }
    }

    /// Shows an event to the middleware that observe its kind. Inlinable, so that it is
    /// specialized for the feature where the store is used.
    @inlinable func emit(_ event: StoreEvent<F>) {
        emit(event, kind: event.kind)
    }

    /// ``emit(_:)`` for an event whose kind the caller knows (the send path's intents,
    /// messages and states): no switch over the event to find it.
    @inlinable @inline(__always) func emit(_ event: StoreEvent<F>, kind: StoreEvent<F>.Kind) {
        guard let links = pipeline?.unmanagedLinks else { return }
        let bit = kind.bit
        let context = MiddlewareContext(core: self, eventKind: kind)
        // Called without reference counting: the pipeline, a constant of this store, owns them.
        for link in links {
            link._withUnsafeGuaranteedRef { link in
                if link.mask & bit != 0 { link.handle(event, context) }
            }
        }
    }
}
