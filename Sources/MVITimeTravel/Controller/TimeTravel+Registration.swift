import MVI

extension TimeTravel {
    /// Registers a store under a unique name and returns the middleware to give it.
    ///
    /// ```swift
    /// let store = Store(Counter(), initialState: .init(), name: "Counter",
    ///                   middleware: [try timeTravel.register("Counter")])
    /// ```
    ///
    /// The middleware attaches the store's recorder: from then on the store records its own
    /// events while the controller records (see <doc:UsingTimeTravel>). The name stays taken
    /// while the store is alive (or, before the store exists, while the middleware does); a
    /// store created again after the old one ended may reuse it. Give the middleware to one
    /// store only: a second store using it is reported to the controller's error handler as
    /// ``TimeTravelError/middlewareReused(storeName:)``.
    ///
    /// - Throws: ``TimeTravelError/duplicateStoreName(_:)`` if a live store already has the name.
    public func register<F: Feature>(
        _ name: String, for feature: F.Type = F.self
    ) throws(TimeTravelError) -> any Middleware<F> {
        let registration = Registration()
        let store = LiveStore<F>(name: name, session: session, registration: registration)
        try storage.withLock { state throws(TimeTravelError) in
            state.stores.removeAll { !$0.isAlive }
            if state.stores.contains(where: { $0.name == name }) {
                throw TimeTravelError.duplicateStoreName(name)
            }
            state.stores.append(store)
        }
        return TimeTravelMiddleware(controller: self, store: store, registration: registration)
    }

    func attach<F: Feature>(_ store: LiveStore<F>, context: borrowing MiddlewareContext<F>) {
        let hooks = context.hooks
        let attached = storage.withLock { $0.attach(store, hooks: hooks) }
        if !attached {
            errorHandler(
                StoreError(
                    storeName: context.storeName, origin: .addOn("time travel"),
                    underlying: TimeTravelError.middlewareReused(storeName: store.name)))
        }
    }

    func detach<F: Feature>(_ store: LiveStore<F>) {
        storage.withLock { _ in store.isEnded = true }
    }
}

/// The middleware ``TimeTravel/register(_:for:)`` returns. It hands the store its recorder
/// (the store records on its own send path) and sees only the store's creation and end.
struct TimeTravelMiddleware<Target: Feature>: Middleware, RecordingMiddleware {
    let controller: TimeTravel
    let store: LiveStore<Target>
    /// Keeps the name taken while the middleware exists.
    let registration: Registration

    var observedEventKinds: Set<StoreEvent<Target>.Kind> { [.created, .cancelled] }

    func handle(_ event: StoreEvent<Target>, _ context: borrowing MiddlewareContext<Target>) {
        switch event {
        case .created: controller.attach(store, context: context)
        case .cancelled: controller.detach(store)
        default: break
        }
    }

    func recorder<F: Feature>(for feature: F.Type) -> StoreRecorder<F>? {
        store.recorder as? StoreRecorder<F>
    }
}
