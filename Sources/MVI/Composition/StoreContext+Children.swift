extension StoreContext {
    /// Runs a child's intent with the child's own `execute`, its input embedded into this
    /// feature's through `scope`. Dropped if the child is not there (a tap that raced the
    /// child's removal).
    ///
    /// ```swift
    /// case .rows(let id, let intent): context.forward(intent, to: Todo(), in: Self.rows, id: id)
    /// ```
    ///
    /// - Returns: Whether the child was there.
    @inlinable @discardableResult
    public func forward<Child: Feature, ID>(
        _ intent: Child.Intent, to child: Child, in scope: ChildScope<F, Child, ID>, id: ID
    ) -> Bool {
        guard let entryState = scope.read(state, id) else {
            // As this feature's intent (`edit(save)`): it names the child's case even before
            // an enum scope has seen one and learnt its name.
            reportAbsentChild(path: scope.path(id: id), intent: String(describing: scope.embedIntent(id, intent)))
            return false
        }
        let parent = self
        // One closure, made here so that it is specialized for these types: the child's
        // context asks everything of its parent through it.
        let link: ChildLink<Child> = { request in
            switch request {
            case .state: return .state(scope.read(parent.state, id) ?? entryState)
            case .dispatch(let message): parent.dispatch(scope.embedMessage(id, message), at: .none)
            case .send(let intent): parent.send(scope.embedIntent(id, intent), at: .none)
            case .post(let sideEffect):
                switch scope.route(id, sideEffect) {
                case .send(let intent): parent.send(intent, at: .none)
                case .dispatch(let message): parent.dispatch(message, at: .none)
                case .post(let sideEffect): parent.post(sideEffect, at: .none)
                case .ignore: break
                }
            case .storeName: return .storeName(parent.storeName)
            case .run:
                // The store cancels a child's work when the child leaves its state: from the
                // first child's work on, it checks the children with work after each change.
                // Here, where the store is specialized, so that the watcher is too.
                if parent.link == nil { parent.core.unsafelyUnwrapped.watchChildrenWithWork() }
                parent.serveWork(request, of: scope, id: id, entryState: entryState)
            case .cancel, .cancelWork: parent.serveWork(request, of: scope, id: id, entryState: entryState)
            case .absentChild(let path, let intent):
                parent.reportAbsentChild(path: "\(scope.path(id: id))/\(path)", intent: intent)
            }
            return .done
        }
        child.execute(intent, StoreContext<Child>(link: link))
        return true
    }

    /// Runs a single child's intent with the child's own `execute` (see
    /// ``forward(_:to:in:id:)``).
    @inlinable @discardableResult
    public func forward<Child: Feature>(
        _ intent: Child.Intent, to child: Child, in scope: ChildScope<F, Child, SingleChild>
    ) -> Bool {
        forward(intent, to: child, in: scope, id: .only)
    }

    /// Reports an intent dropped because the child at `path` (below this feature) is not
    /// there, to the store's error handler; through the parents, so the path is the whole
    /// one below the store. Not on the send path of a child that is there.
    @usableFromInline func reportAbsentChild(path: String, intent: String) {
        if let link {
            _ = link(.absentChild(path: path, intent: intent))
        } else if let core {
            core.report(
                StoreError(
                    storeName: core.name, origin: .absentChild(path),
                    underlying: AbsentChild(path: path, intent: intent)))
        }
    }

    /// Cancels all the async work of the child `id`, and of its own children: call it where
    /// the child goes away (a row deleted, a sheet dismissed). What the work dispatches
    /// afterwards is dropped, even a result already on its way.
    public func cancelWork<Child, ID>(of scope: ChildScope<F, Child, ID>, id: ID) {
        cancelWork(where: scope.workMatcher(id: id) { _ in true })
    }

    /// A child's requests about async work: run it under an id namespaced by the child,
    /// cancel it by the child's id, or by a match. Inlinable, so that the presence check it
    /// makes (called after every change while the work runs) is specialized: generic, it
    /// looked up metadata and allocated on each call (budgets.tsv: child-in-10-working).
    @inlinable
    func serveWork<Child, ID>(
        _ request: ChildRequest<Child>, of scope: ChildScope<F, Child, ID>, id: ID, entryState: Child.State
    ) {
        switch request {
        case .run(let workID, let cancelInFlight, let onlyIfIdle, let priority, let operation):
            let childWork = ChildWorkID(
                scope: scope.name, child: id, work: workID, presence: scope.presence(of: id, work: workID))
            let childOperation: @Sendable (WorkContext<F>) async throws -> Void = { work in
                try await operation(
                    WorkContext(ChildWorkBackend(parent: work, scope: scope, id: id, entryState: entryState)))
            }
            // Without an id of its own, a child's work shares nothing with other work.
            if onlyIfIdle && workID != nil {
                runIfIdle(id: childWork, priority: priority, childOperation)
            } else {
                run(id: childWork, cancelInFlight: cancelInFlight && workID != nil, priority: priority, childOperation)
            }
        case .cancel(let workID):
            cancel(id: ChildWorkID(scope: scope.name, child: id, work: workID))
        case .cancelWork(let matches):
            cancelWork(where: scope.workMatcher(id: id, matches))
        case .state, .storeName, .dispatch, .post, .send, .absentChild:
            break
        }
    }

    /// Cancels all the async work of a single child (see ``cancelWork(of:id:)``).
    public func cancelWork<Child>(of scope: ChildScope<F, Child, SingleChild>) {
        cancelWork(of: scope, id: .only)
    }
}
