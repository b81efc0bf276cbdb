extension StoreContext {
    /// Runs a child's intent with the child's own `execute` (and its own children's routing),
    /// its input embedded into this feature's through `scope`: what the store does for an
    /// intent one of ``Feature/childScopes`` carries. Dropped and reported if the child is not
    /// there (a tap that raced the child's removal).
    ///
    /// - Returns: Whether the child was there.
    @inlinable @discardableResult
    func forward<Child: Feature, ID>(_ intent: Child.Intent, in scope: ChildScope<F, Child, ID>, id: ID) -> Bool {
        guard let entryState = scope.read(state, id) else {
            // As this feature's intent (`edit(save)`): it names the child's case even before
            // an enum scope has seen one and learnt its name.
            reportAbsentChild(path: scope.path(id: id), intent: String(describing: scope.embedIntent(id, intent)))
            return false
        }
        let parent = self
        let parts = scope.parts
        if parts.environment == nil, Child.childScopes.isEmpty {
            // The common child: no environment of its own, no children. Its context is made
            // here, apart from the path below, so that it does not escape and its link stays
            // on the stack (budgets.tsv: child-in-10); the path below hands it to other
            // scopes, which makes it escape.
            parts.feature.execute(
                intent, StoreContext<Child>(link: { parent.serve($0, of: scope, id: id, entryState: entryState) }))
        } else {
            let context = StoreContext<Child>(link: { parent.serve($0, of: scope, id: id, entryState: entryState) })
            if let environment = parts.environment {
                environment.withEnvironment { parts.feature.executeRouting(intent, context) }
            } else {
                parts.feature.executeRouting(intent, context)
            }
        }
        return true
    }

    /// What a child's context asks of its parent (its link), answered for the child `id` of
    /// `scope`, which entered with `entryState`. Inlinable, so that it is specialized for
    /// these types where the link is made.
    @inlinable
    func serve<Child: Feature, ID>(
        _ request: ChildRequest<Child>, of scope: ChildScope<F, Child, ID>, id: ID, entryState: Child.State
    ) -> ChildAnswer<Child> {
        switch request {
        case .state: return .state(scope.read(state, id) ?? entryState)
        case .dispatch(let message): dispatch(scope.embedMessage(id, message), at: .none)
        case .send(let intent): send(scope.embedIntent(id, intent), at: .none)
        case .post(let sideEffect):
            switch scope.route(id, sideEffect) {
            case .send(let intent): send(intent, at: .none)
            case .dispatch(let message): dispatch(message, at: .none)
            case .post(let sideEffect): post(sideEffect, at: .none)
            case .ignore: break
            }
        case .storeName: return .storeName(storeName)
        case .run:
            // The store cancels a child's work when the child leaves its state: from the
            // first child's work on, it checks the children with work after each change.
            // Here, where the store is specialized, so that the poller is too.
            if link == nil { core.unsafelyUnwrapped.watchChildrenWithWork() }
            serveWork(request, of: scope, id: id, entryState: entryState)
        case .cancel, .cancelWork: serveWork(request, of: scope, id: id, entryState: entryState)
        case .absentChild(let path, let intent):
            reportAbsentChild(path: "\(scope.path(id: id))/\(path)", intent: intent)
        }
        return .done
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
