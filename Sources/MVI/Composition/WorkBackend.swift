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
