/// A parent's work context seen by one child's work.
@usableFromInline
struct ChildWorkBackend<Parent: Feature, Child: Feature, ID: Hashable & Sendable>: WorkBackend {
    @usableFromInline typealias F = Child
    @usableFromInline let parent: WorkContext<Parent>
    @usableFromInline let scope: ChildScope<Parent, Child, ID>
    @usableFromInline let id: ID
    @usableFromInline let entryState: Child.State

    @usableFromInline init(
        parent: WorkContext<Parent>, scope: ChildScope<Parent, Child, ID>, id: ID, entryState: Child.State
    ) {
        self.parent = parent
        self.scope = scope
        self.id = id
        self.entryState = entryState
    }

    @usableFromInline var state: Child.State { scope.read(parent.state, id) ?? entryState }
    @usableFromInline var storeName: String { parent.storeName }

    private var isPresent: Bool { scope.read(parent.state, id) != nil }

    @usableFromInline func dispatch(_ message: Child.Message, at site: CallSite) async {
        // Checked again when the parent reduces it (a child removed meanwhile is left alone):
        // this check only spares the pipeline a message that cannot apply.
        guard isPresent else { return }
        await parent.dispatch(scope.embedMessage(id, message), at: site)
    }

    @usableFromInline func post(_ sideEffect: Child.SideEffect, at site: CallSite) async {
        guard isPresent else { return }
        switch scope.route(id, sideEffect) {
        case .send(let intent): parent.send(intent, at: site)
        case .dispatch(let message): await parent.dispatch(message, at: site)
        case .post(let sideEffect): await parent.post(sideEffect, at: site)
        case .ignore: break
        }
    }

    @usableFromInline func send(_ intent: Child.Intent, at site: CallSite) {
        guard isPresent else { return }
        parent.send(scope.embedIntent(id, intent), at: site)
    }

    @usableFromInline func run(
        id workID: (any Hashable & Sendable)?,
        cancelInFlight: Bool,
        priority: TaskPriority?,
        _ operation: @escaping @Sendable (WorkContext<Child>) async throws -> Void
    ) {
        let scope = scope
        let id = id
        let entryState = state
        parent.run(
            id: ChildWorkID(
                scope: scope.name, child: id, work: workID, presence: scope.presence(of: id, work: workID)),
            cancelInFlight: cancelInFlight && workID != nil,
            priority: priority
        ) { work in
            try await operation(
                WorkContext(ChildWorkBackend(parent: work, scope: scope, id: id, entryState: entryState)))
        }
    }

    @usableFromInline func cancel(id workID: any Hashable & Sendable) {
        parent.cancel(id: ChildWorkID(scope: scope.name, child: id, work: workID))
    }

    @usableFromInline func cancelWork(where matches: @escaping @Sendable (AnyHashable) -> Bool) {
        parent.cancelWork(where: scope.workMatcher(id: id, matches))
    }
}

extension ChildScope {
    /// Matches the parent-level ids of the child `id`'s work whose own id `matches`.
    @usableFromInline func workMatcher(
        id: ID, _ matches: @escaping @Sendable (AnyHashable) -> Bool
    ) -> @Sendable (AnyHashable) -> Bool {
        let name = name
        let child = AnyHashable(id)
        // AnyHashable is not Sendable; it wraps `id`, which is.
        nonisolated(unsafe) let ownChild = child
        return { workID in
            guard let childWork = workID.base as? ChildWorkID, childWork.belongs(toScope: name, child: ownChild)
            else { return false }
            return matches(childWork.work ?? AnyHashable(NoWorkID()))
        }
    }
}

/// Stands for the id of work a child started without one, when matching.
struct NoWorkID: Hashable, Sendable {}
