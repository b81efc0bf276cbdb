import Foundation
import MVI
import Synchronization

extension TimeTravel {
    /// Registers a store under a unique name and returns the middleware to give it.
    ///
    /// ```swift
    /// let store = Store(Counter(), initialState: .init(), name: "Counter",
    ///                   middleware: [try timeTravel.register("Counter")])
    /// ```
    ///
    /// The name stays taken while the store is alive (or, before the store exists, while the
    /// middleware does); a store created again after the old one ended may reuse it.
    /// Give the middleware to one store only: a second store using it is reported to the
    /// controller's error handler as ``TimeTravelError/middlewareReused(storeName:)``.
    ///
    /// - Throws: ``TimeTravelError/duplicateStoreName(_:)`` if a live store already has the name.
    @inlinable
    public func register<F: Feature>(
        _ name: String, for feature: F.Type = F.self
    ) throws(TimeTravelError) -> any Middleware<F> {
        // Inlinable so that the recording closure below is specialized for `F` where the
        // store is made: unspecialized generic code would look up type metadata per event.
        let (store, registration) = try makeLiveStore(name, for: F.self)
        return AnyMiddleware<F> { [self] event, context in
            withExtendedLifetime(registration) {
                handle(event, context, store)
            }
        }
    }

    @usableFromInline
    func makeLiveStore<F: Feature>(
        _ name: String, for feature: F.Type
    ) throws(TimeTravelError) -> (LiveStore<F>, Registration) {
        let registration = Registration()
        let store = LiveStore<F>(name: name, registration: registration)
        try storage.withLock { state throws(TimeTravelError) in
            state.stores.removeAll { !$0.isAlive }
            if state.stores.contains(where: { $0.name == name }) {
                throw TimeTravelError.duplicateStoreName(name)
            }
            state.stores.append(store)
        }
        return (store, registration)
    }

    /// What the middleware does with each event. When idle: one atomic load.
    @inlinable
    func handle<F: Feature>(_ event: StoreEvent<F>, _ context: MiddlewareContext<F>, _ store: LiveStore<F>) {
        switch event {
        case .created: attach(store, context: context)
        case .cancelled: detach(store)
        default:
            guard isCapturing.load(ordering: .relaxed) else { return }
            switch event {
            case .intent(let intent): record(store, .intent(intent), kind: .intent)
            case .message(let message): record(store, .message(message), kind: .message)
            case .state(let state): record(store, .state(state), kind: .state)
            case .sideEffect(let effect): record(store, .sideEffect(effect), kind: .sideEffect)
            default: break
            }
        }
    }

    /// Records one event: a clock read and a locked append of the value as-is (no
    /// description, no encoding).
    @inlinable
    func record<F: Feature>(_ store: LiveStore<F>, _ payload: Payload<F>, kind: TimeTravelEvent.Kind) {
        let time = Date().timeIntervalSince1970
        storage.withLock { $0.record(store, payload, kind: kind, time: time) }
    }

    @usableFromInline
    func attach<F: Feature>(_ store: LiveStore<F>, context: MiddlewareContext<F>) {
        let hooks = context.hooks
        let initial = context.state
        let attached = storage.withLock { $0.attach(store, hooks: hooks, state: initial) }
        if !attached {
            errorHandler(StoreError(
                storeName: context.storeName, origin: .addOn("time travel"),
                underlying: TimeTravelError.middlewareReused(storeName: store.name)))
        }
    }

    @usableFromInline
    func detach<F: Feature>(_ store: LiveStore<F>) {
        storage.withLock { _ in store.isEnded = true }
    }
}
