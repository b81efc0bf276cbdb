/// What a child's ``WorkContext`` acts on: its parent's work context, seen through the
/// child's scope.
@usableFromInline
protocol WorkBackend<F>: Sendable {
    associatedtype F: Feature
    var state: F.State { get }
    var storeName: String { get }
    func dispatch(_ message: F.Message, at site: CallSite) async
    func post(_ sideEffect: F.SideEffect, at site: CallSite) async
    func send(_ intent: F.Intent, at site: CallSite)
    func run(
        id: (any Hashable & Sendable)?,
        cancelInFlight: Bool,
        priority: TaskPriority?,
        _ operation: @escaping @Sendable (WorkContext<F>) async throws -> Void)
    func cancel(id: any Hashable & Sendable)
    func cancelWork(where matches: @escaping @Sendable (AnyHashable) -> Bool)
}
