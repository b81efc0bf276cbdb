extension FeatureContext {
    /// Runs a child's intent with the child's own `execute`, its input embedded into this
    /// feature's through `scope`. Dropped if the child is not there (a tap that raced the
    /// child's removal).
    ///
    /// ```swift
    /// case .rows(let id, let intent): context.forward(intent, to: Todo(), in: Self.rows, id: id)
    /// ```
    ///
    /// - Returns: Whether the child was there.
    @discardableResult
    public func forward<Child: ComposableFeature, ID>(
        _ intent: Child.Intent, to child: Child, in scope: ChildScope<F, Child, ID>, id: ID
    ) -> Bool {
        guard let entryState = scope.read(state, id) else { return false }
        child.execute(
            intent,
            FeatureContext<Child>(backend: ChildBackend(parent: self, scope: scope, id: id, entryState: entryState)))
        return true
    }

    /// Runs a single child's intent with the child's own `execute` (see
    /// ``forward(_:to:in:id:)``).
    @discardableResult
    public func forward<Child: ComposableFeature>(
        _ intent: Child.Intent, to child: Child, in scope: ChildScope<F, Child, SingleChild>
    ) -> Bool {
        forward(intent, to: child, in: scope, id: .only)
    }

    /// Cancels all the async work of the child `id`, and of its own children: call it where
    /// the child goes away (a row deleted, a sheet dismissed). What the work dispatches
    /// afterwards is dropped, even a result already on its way.
    public func cancelWork<Child, ID>(of scope: ChildScope<F, Child, ID>, id: ID) {
        backend.cancelWork(where: scope.workMatcher(id: id) { _ in true })
    }

    /// Cancels all the async work of a single child (see ``cancelWork(of:id:)``).
    public func cancelWork<Child>(of scope: ChildScope<F, Child, SingleChild>) {
        cancelWork(of: scope, id: .only)
    }
}

extension StoreContext {
    /// Runs a child's intent with the child's own `execute` (see
    /// ``FeatureContext/forward(_:to:in:id:)``), for a parent that is not itself composable.
    @discardableResult
    public func forward<Child: ComposableFeature, ID>(
        _ intent: Child.Intent, to child: Child, in scope: ChildScope<F, Child, ID>, id: ID
    ) -> Bool {
        FeatureContext(self).forward(intent, to: child, in: scope, id: id)
    }

    /// Runs a single child's intent with the child's own `execute`.
    @discardableResult
    public func forward<Child: ComposableFeature>(
        _ intent: Child.Intent, to child: Child, in scope: ChildScope<F, Child, SingleChild>
    ) -> Bool {
        FeatureContext(self).forward(intent, to: child, in: scope, id: .only)
    }

    /// Cancels all the async work of the child `id` (see ``FeatureContext/cancelWork(of:id:)``).
    public func cancelWork<Child, ID>(of scope: ChildScope<F, Child, ID>, id: ID) {
        FeatureContext(self).cancelWork(of: scope, id: id)
    }

    /// Cancels all the async work of a single child.
    public func cancelWork<Child>(of scope: ChildScope<F, Child, SingleChild>) {
        FeatureContext(self).cancelWork(of: scope, id: .only)
    }
}
