/// What a ``FeatureContext`` acts on: a store's context, or a parent's context seen through a
/// child scope. Internal, so that the public contexts stay small concrete structs.
@usableFromInline
protocol ContextBackend<F> {
    associatedtype F: Feature
    var state: F.State { get }
    var storeName: String { get }
    func dispatch(_ message: F.Message)
    func post(_ sideEffect: F.SideEffect)
    func send(_ intent: F.Intent)
    func run(
        id: (any Hashable & Sendable)?,
        cancelInFlight: Bool,
        priority: TaskPriority?,
        _ operation: @escaping @Sendable (FeatureWorkContext<F>) async throws -> Void)
    func cancel(id: any Hashable & Sendable)
    /// Cancels every running work whose id (as the store sees it) `matches`.
    func cancelWork(where matches: @escaping @Sendable (AnyHashable) -> Bool)
}

/// What a ``FeatureWorkContext`` acts on: a store's work context, or a parent's seen through
/// a child scope.
@usableFromInline
protocol WorkBackend<F>: Sendable {
    associatedtype F: Feature
    var state: F.State { get }
    var storeName: String { get }
    func dispatch(_ message: F.Message) async
    func post(_ sideEffect: F.SideEffect) async
    func send(_ intent: F.Intent)
    func run(
        id: (any Hashable & Sendable)?,
        cancelInFlight: Bool,
        priority: TaskPriority?,
        _ operation: @escaping @Sendable (FeatureWorkContext<F>) async throws -> Void)
    func cancel(id: any Hashable & Sendable)
    func cancelWork(where matches: @escaping @Sendable (AnyHashable) -> Bool)
}

/// A store's own context.
@usableFromInline
struct StoreBackend<F: Feature>: ContextBackend {
    @usableFromInline let context: StoreContext<F>

    @usableFromInline init(_ context: StoreContext<F>) { self.context = context }

    @usableFromInline var state: F.State { context.state }
    @usableFromInline var storeName: String { context.storeName }
    @usableFromInline func dispatch(_ message: F.Message) { context.dispatch(message) }
    @usableFromInline func post(_ sideEffect: F.SideEffect) { context.post(sideEffect) }
    @usableFromInline func send(_ intent: F.Intent) { context.send(intent) }

    @usableFromInline func run(
        id: (any Hashable & Sendable)?,
        cancelInFlight: Bool,
        priority: TaskPriority?,
        _ operation: @escaping @Sendable (FeatureWorkContext<F>) async throws -> Void
    ) {
        context.run(id: id, cancelInFlight: cancelInFlight, priority: priority) { work in
            try await operation(FeatureWorkContext(StoreWorkBackend(work)))
        }
    }

    @usableFromInline func cancel(id: any Hashable & Sendable) { context.cancel(id: id) }

    @usableFromInline func cancelWork(where matches: @escaping @Sendable (AnyHashable) -> Bool) {
        context.core.cancelTasks { matches($0.base) }
    }
}

/// A store's own work context.
@usableFromInline
struct StoreWorkBackend<F: Feature>: WorkBackend {
    let work: WorkContext<F>

    init(_ work: WorkContext<F>) { self.work = work }

    @usableFromInline var state: F.State { work.state }
    @usableFromInline var storeName: String { work.storeName }
    @usableFromInline func dispatch(_ message: F.Message) async { await work.dispatch(message) }
    @usableFromInline func post(_ sideEffect: F.SideEffect) async { await work.post(sideEffect) }
    @usableFromInline func send(_ intent: F.Intent) { work.send(intent) }

    @usableFromInline func run(
        id: (any Hashable & Sendable)?,
        cancelInFlight: Bool,
        priority: TaskPriority?,
        _ operation: @escaping @Sendable (FeatureWorkContext<F>) async throws -> Void
    ) {
        work.run(id: id, cancelInFlight: cancelInFlight, priority: priority) { work in
            try await operation(FeatureWorkContext(StoreWorkBackend(work)))
        }
    }

    @usableFromInline func cancel(id: any Hashable & Sendable) { work.cancel(id: id) }

    @usableFromInline func cancelWork(where matches: @escaping @Sendable (AnyHashable) -> Bool) {
        work.core.cancelTasks { matches($0.base) }
    }
}
