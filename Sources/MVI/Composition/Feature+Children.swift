extension Feature {
    /// Declares a collection of child features by stable id, in a `ChildCollection`
    /// (a `Dictionary`, or an `OrderedDictionary` with `MVICollections`).
    ///
    /// ```swift
    /// static let rows = child(Todo.self, in: \.rows, intent: Intent.rows, message: Message.rows,
    ///                         sideEffects: { id, effect in .send(.rowSaid(id, effect)) })
    /// ```
    ///
    /// Reaching one child costs one lookup in the collection: O(1) however many there are.
    ///
    /// - Parameters:
    ///   - child: The child feature's type.
    ///   - children: Where the children's states are in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state (`left.editor`); give one for a computed property, whose key path has no name.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of a child goes.
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child.Type,
        in children: any WritableKeyPath<State, Children> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Children.ChildID, Child.Intent) -> Intent,
        message: @escaping @Sendable (Children.ChildID, Child.Message) -> Message,
        sideEffects: @escaping @Sendable (Children.ChildID, Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, Children.ChildID>
    where Children.ChildState == Child.State, Children.ChildID: Sendable {
        let place = StatePlace(children)
        return ChildScope(
            name: name ?? propertyName(of: children),
            read: { state, id in place.read(state) { $0[child: id] } },
            modify: { state, id, body in place.modify(&state) { $0.modifyChild(id: id, body) } },
            intent: intent, message: message, sideEffects: sideEffects,
            remove: { state, id in place.modify(&state) { $0.removeChild(id: id) } })
    }

    /// Declares a single child feature whose state may be absent (a sheet, a detail): its
    /// messages and intents are dropped while it is `nil`.
    ///
    /// ```swift
    /// static let editor = child(Editor.self, at: \.editor, intent: Intent.editor,
    ///                           message: Message.editor, sideEffects: { .send(.editorSaid($0)) })
    /// ```
    ///
    /// - Parameters:
    ///   - child: The child feature's type.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state (`left.editor`); give one for a computed property, whose key path has no name.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child.Type,
        at state: any WritableKeyPath<State, Child.State?> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message,
        sideEffects: @escaping @Sendable (Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, SingleChild> {
        let place = StatePlace(state)
        return ChildScope(
            name: name ?? propertyName(of: state),
            read: { parent, _ in place.read(parent) { $0 } },
            modify: { parent, _, body in
                place.modify(&parent) { child in
                    guard child != nil else { return false }
                    body(&child!)  // present: checked on the line above
                    return true
                }
            },
            intent: { intent($1) }, message: { message($1) }, sideEffects: { sideEffects($1) },
            remove: { parent, _ in
                place.modify(&parent) { child in
                    guard child != nil else { return false }
                    child = nil
                    return true
                }
            })
    }

    /// Declares a single child feature that is always there.
    ///
    /// - Parameters:
    ///   - child: The child feature's type.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state (`left.editor`); give one for a computed property, whose key path has no name.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child.Type,
        at state: any WritableKeyPath<State, Child.State> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message,
        sideEffects: @escaping @Sendable (Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, SingleChild> {
        let place = StatePlace(state)
        return ChildScope(
            name: name ?? propertyName(of: state),
            read: { parent, _ in place.read(parent) { $0 } },
            modify: { parent, _, body in
                place.modify(&parent, body)
                return true
            },
            intent: { intent($1) }, message: { message($1) }, sideEffects: { sideEffects($1) },
            remove: nil)
    }

    /// Declares a collection of child features that post no side effects.
    ///
    /// - Parameters:
    ///   - child: The child feature's type.
    ///   - children: Where the children's states are in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state (`left.editor`); give one for a computed property, whose key path has no name.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child.Type,
        in children: any WritableKeyPath<State, Children> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Children.ChildID, Child.Intent) -> Intent,
        message: @escaping @Sendable (Children.ChildID, Child.Message) -> Message
    ) -> ChildScope<Self, Child, Children.ChildID>
    where Children.ChildState == Child.State, Children.ChildID: Sendable, Child.SideEffect == Never {
        self.child(
            child, in: children, name: name ?? propertyName(of: children), intent: intent, message: message,
            sideEffects: absurd)
    }

    /// Declares a single, optional child feature that posts no side effects.
    ///
    /// - Parameters:
    ///   - child: The child feature's type.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state (`left.editor`); give one for a computed property, whose key path has no name.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child.Type,
        at state: any WritableKeyPath<State, Child.State?> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message
    ) -> ChildScope<Self, Child, SingleChild> where Child.SideEffect == Never {
        self.child(
            child, at: state, name: name ?? propertyName(of: state), intent: intent, message: message,
            sideEffects: absurd)
    }

    /// Declares a single child feature, always there, that posts no side effects.
    ///
    /// - Parameters:
    ///   - child: The child feature's type.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state (`left.editor`); give one for a computed property, whose key path has no name.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child.Type,
        at state: any WritableKeyPath<State, Child.State> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message
    ) -> ChildScope<Self, Child, SingleChild> where Child.SideEffect == Never {
        self.child(
            child, at: state, name: name ?? propertyName(of: state), intent: intent, message: message,
            sideEffects: absurd)
    }
}

/// A child that has no side effects never posts one: there is nothing to route.
@usableFromInline
func absurd<Parent: Feature>(_ never: Never) -> ChildSideEffect<Parent> {}

/// The same, for a collection's children.
@usableFromInline
func absurd<Parent: Feature, ID>(_ id: ID, _ never: Never) -> ChildSideEffect<Parent> {}
