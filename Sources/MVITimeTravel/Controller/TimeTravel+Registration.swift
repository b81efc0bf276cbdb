import Foundation
import Synchronization
import MVI

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
    public func register<F: Feature>(
        _ name: String, for feature: F.Type = F.self
    ) throws(TimeTravelError) -> any Middleware<F> {
        let registration = Registration()
        let store = LiveStore<F>(name: name, registration: registration)
        try storage.withLock { state throws(TimeTravelError) in
            state.stores.removeAll { !$0.isAlive }
            if state.stores.contains(where: { $0.name == name }) {
                throw TimeTravelError.duplicateStoreName(name)
            }
            state.stores.append(store)
        }
        return TimeTravelMiddleware(controller: self, store: store, registration: registration)
    }

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

    func detach<F: Feature>(_ store: LiveStore<F>) {
        storage.withLock { _ in store.isEnded = true }
    }

    /// Records one event: one atomic load when idle; otherwise a clock read and a locked
    /// append of the value as-is (no description, no encoding).
    @inline(__always)
    func record<F: Feature>(_ store: LiveStore<F>, _ payload: Payload<F>, kind: TimeTravelEvent.Kind) {
        guard isCapturing.load(ordering: .relaxed) else { return }
        let time = Date().timeIntervalSince1970
        storage.withLock { $0.record(store, payload, kind: kind, time: time) }
    }
}

/// The middleware ``TimeTravel/register(_:for:)`` returns.
struct TimeTravelMiddleware<F: Feature>: Middleware {
    let controller: TimeTravel
    let store: LiveStore<F>
    /// Keeps the registration (and so the name) alive as long as the middleware.
    let registration: Registration

    func handle(_ event: StoreEvent<F>, _ context: MiddlewareContext<F>) {
        switch event {
        case .intent(let intent): controller.record(store, .intent(intent), kind: .intent)
        case .message(let message): controller.record(store, .message(message), kind: .message)
        case .state(let state): controller.record(store, .state(state), kind: .state)
        case .sideEffect(let effect): controller.record(store, .sideEffect(effect), kind: .sideEffect)
        case .created: controller.attach(store, context: context)
        case .cancelled: controller.detach(store)
        case .started, .failure: break
        }
    }
}
