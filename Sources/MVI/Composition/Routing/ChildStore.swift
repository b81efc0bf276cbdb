/// One child's view of a parent's store: what a row's view or a child's test holds.
///
/// It reads only the child's state, its observers fire only when that state changes, and it
/// sends the child's intents through the parent, so the parent's reducer and its tests see
/// them. It holds the parent's store; make one with ``Store/scope(_:id:)``.
///
/// ```swift
/// let row = store.scope(TodoList.rows, id: 42)
/// row.send(.toggle)
/// row.state?.isDone          // nil once the row is gone
/// ```
public struct ChildStore<Parent: Feature, Child: Feature, ID: Hashable & Sendable>: Sendable {
    /// The parent's store.
    public let store: Store<Parent>
    /// Where the child is in the parent.
    public let scope: ChildScope<Parent, Child, ID>
    /// Which child.
    public let id: ID

    /// The child's current state; `nil` while the child is not there.
    public var state: Child.State? { scope.read(store.state, id) }

    /// Sends a child's intent, through the parent.
    ///
    /// - Parameters:
    ///   - intent: The child's intent.
    ///   - fileID: Where it is sent, for time travel's causal trace (leave the default).
    ///   - line: Where it is sent (leave the default).
    public func send(_ intent: Child.Intent, fileID: StaticString = #fileID, line: UInt = #line) {
        store.send(scope.embedIntent(id, intent), fileID: fileID, line: line)
    }

    /// ``send(_:fileID:line:)`` as a function value, which cannot carry a call site.
    @_disfavoredOverload
    public func send(_ intent: Child.Intent) {
        store.send(scope.embedIntent(id, intent), fileID: "", line: 0)
    }

    /// Sends a child's intent through the parent, and returns once the async work the
    /// child's `execute` started has ended (``Store/sendAwaitingWork(_:)``).
    ///
    /// - Parameter intent: The child's intent.
    public func sendAwaitingWork(_ intent: Child.Intent) async {
        await store.sendAwaitingWork(scope.embedIntent(id, intent))
    }

    /// The child's path in logs (`TodoList/rows[42]`).
    public var name: String { "\(store.name)/\(scope.path(id: id))" }
}

extension ChildStore where Child.State: Equatable {
    /// Calls `onChange` with the child's state now, then each time it changes (`nil` when
    /// the child goes away). Changes elsewhere in the parent do not call it.
    ///
    /// Inlinable, so that the check each state makes for each row view runs specialized for
    /// the child's state.
    @inlinable
    public func subscribe(_ onChange: @escaping @Sendable (Child.State?) -> Void) -> Subscription {
        let scope = scope
        let id = id
        let filter = DistinctFilter<Child.State?>()
        return store.subscribe { state in
            let child = scope.read(state, id)
            if filter.isNew(child) { onChange(child) }
        }
    }

    /// The child's state now, then each time it changes: distinct until changed.
    @inlinable
    public func states(
        bufferingPolicy: AsyncStream<Child.State?>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Child.State?> {
        let (stream, continuation) = AsyncStream.makeStream(of: Child.State?.self, bufferingPolicy: bufferingPolicy)
        let subscription = subscribe { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}

extension Store {
    /// A handle on the child `id` of `scope`: its state, its changes, its intents.
    /// A scope the feature does not list in ``Feature/childScopes`` is reported to the store's
    /// error handler, once (``StoreMisuse/childDeclaration(_:)``): the store routes nothing to it.
    public func scope<Child, ID>(_ scope: ChildScope<F, Child, ID>, id: ID) -> ChildStore<F, Child, ID> {
        scope.reportIfUnlisted(to: self)
        return ChildStore(store: self, scope: scope, id: id)
    }

    /// A handle on a single child.
    public func scope<Child>(_ scope: ChildScope<F, Child, SingleChild>) -> ChildStore<F, Child, SingleChild> {
        self.scope(scope, id: .only)
    }
}

extension ChildStore {
    /// A handle on the grandchild `id` of `scope`, a scope of this child's feature: a row in
    /// a pushed screen, an editor in a sheet. Its state, its changes and its intents go
    /// through the parent's store like this handle's.
    ///
    /// ```swift
    /// let detail = store.scope(App.detail, id: 3)
    /// let edit = detail.scope(Detail.edit)
    /// edit.send(.setTitle("Standup"))
    /// edit.name          // "App/path[3]/destination.edit"
    /// ```
    public func scope<Grandchild, GrandchildID>(
        _ scope: ChildScope<Child, Grandchild, GrandchildID>, id: GrandchildID
    ) -> ChildStore<Parent, Grandchild, GrandchildID> {
        scope.reportIfUnlisted(to: store)
        return ChildStore<Parent, Grandchild, GrandchildID>(
            store: store, scope: self.scope.appending(scope, at: self.id), id: id)
    }

    /// A handle on a single grandchild (see ``scope(_:id:)``).
    public func scope<Grandchild>(
        _ scope: ChildScope<Child, Grandchild, SingleChild>
    ) -> ChildStore<Parent, Grandchild, SingleChild> {
        self.scope(scope, id: .only)
    }
}

extension ChildScope {
    /// The scope of `inner`'s children inside this scope's child `id`, as a scope of the
    /// parent: what a grandchild's handle reads and sends through. Its name is the whole path
    /// (`path[3]/destination.edit`).
    func appending<Grandchild, GrandchildID>(
        _ inner: ChildScope<Child, Grandchild, GrandchildID>, at id: ID
    ) -> ChildScope<Parent, Grandchild, GrandchildID> {
        let outer = self
        let place = ChildPlace<Parent.State, Grandchild.State, GrandchildID>(
            name: "\(outer.path(id: id))/\(inner.name)",
            read: { parent, innerID in outer.read(parent, id).flatMap { inner.read($0, innerID) } },
            modify: { parent, innerID, body in
                var isThere = false
                let childIsThere = outer.modify(&parent, id) { child in isThere = inner.modify(&child, innerID, body) }
                return childIsThere && isThere
            },
            remove: inner.parts.remove.map { removeInner -> @Sendable (inout Parent.State, GrandchildID) -> Bool in
                { parent, innerID in
                    var removed = false
                    let childIsThere = outer.modify(&parent, id) { child in removed = removeInner(&child, innerID) }
                    return childIsThere && removed
                }
            })
        return ChildScope<Parent, Grandchild, GrandchildID>(
            running: inner.parts.feature, place,
            intent: { innerID, intent in outer.embedIntent(id, inner.embedIntent(innerID, intent)) },
            message: { innerID, message in outer.embedMessage(id, inner.embedMessage(innerID, message)) },
            sideEffects: { innerID, sideEffect in
                switch inner.route(innerID, sideEffect) {
                case .send(let intent): return .send(outer.embedIntent(id, intent))
                case .dispatch(let message): return .dispatch(outer.embedMessage(id, message))
                case .post(let sideEffect): return outer.route(id, sideEffect)
                case .ignore: return .ignore
                }
            })
    }
}
