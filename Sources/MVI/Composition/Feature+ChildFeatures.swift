extension Feature {
    // The same declarations as those that take the child's type, given the child's feature
    // instead: a scope that holds the feature runs it for the intents that
    // `StoreContext.forwardToChildren(_:)` finds, so the parent's `execute` needs no line per
    // child. Each one declares the scope with the type, then keeps the feature.

    /// Declares a collection of child features by stable id, with the child's feature, as
    /// `child(_:in:name:intent:message:sideEffects:)` does with its type.
    /// `forwardToChildren(_:)` runs `child` for the intents this scope carries.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - children: Where the children's states are in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child,
        in children: any WritableKeyPath<State, Children> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Children.ChildID, Child.Intent) -> Intent,
        message: @escaping @Sendable (Children.ChildID, Child.Message) -> Message,
        sideEffects: @escaping @Sendable (Children.ChildID, Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, Children.ChildID>
    where Children.ChildState == Child.State, Children.ChildID: Sendable {
        self.child(Child.self, in: children, name: name, intent: intent, message: message, sideEffects: sideEffects)
            .running(child)
    }

    /// Declares a single child feature whose state may be absent, with the child's feature, as
    /// `child(_:at:name:intent:message:sideEffects:)` does with its type.
    /// `forwardToChildren(_:)` runs `child` for the intents this scope carries.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child,
        at state: any WritableKeyPath<State, Child.State?> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message,
        sideEffects: @escaping @Sendable (Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, SingleChild> {
        self.child(Child.self, at: state, name: name, intent: intent, message: message, sideEffects: sideEffects)
            .running(child)
    }

    /// Declares a single child feature that is always there, with the child's feature, as
    /// `child(_:at:name:intent:message:sideEffects:)` does with its type.
    /// `forwardToChildren(_:)` runs `child` for the intents this scope carries.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child,
        at state: any WritableKeyPath<State, Child.State> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message,
        sideEffects: @escaping @Sendable (Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, SingleChild> {
        self.child(Child.self, at: state, name: name, intent: intent, message: message, sideEffects: sideEffects)
            .running(child)
    }

    /// Declares a collection of child features by stable id, with the child's feature, as
    /// `child(_:in:name:intent:message:)` does with its type.
    /// `forwardToChildren(_:)` runs `child` for the intents this scope carries.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - children: Where the children's states are in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child,
        in children: any WritableKeyPath<State, Children> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Children.ChildID, Child.Intent) -> Intent,
        message: @escaping @Sendable (Children.ChildID, Child.Message) -> Message
    ) -> ChildScope<Self, Child, Children.ChildID>
    where Children.ChildState == Child.State, Children.ChildID: Sendable, Child.SideEffect == Never {
        self.child(Child.self, in: children, name: name, intent: intent, message: message).running(child)
    }

    /// Declares a single child feature whose state may be absent, with the child's feature, as
    /// `child(_:at:name:intent:message:)` does with its type.
    /// `forwardToChildren(_:)` runs `child` for the intents this scope carries.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child,
        at state: any WritableKeyPath<State, Child.State?> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message
    ) -> ChildScope<Self, Child, SingleChild> where Child.SideEffect == Never {
        self.child(Child.self, at: state, name: name, intent: intent, message: message).running(child)
    }

    /// Declares a single child feature that is always there, with the child's feature, as
    /// `child(_:at:name:intent:message:)` does with its type.
    /// `forwardToChildren(_:)` runs `child` for the intents this scope carries.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child,
        at state: any WritableKeyPath<State, Child.State> & Sendable,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message
    ) -> ChildScope<Self, Child, SingleChild> where Child.SideEffect == Never {
        self.child(Child.self, at: state, name: name, intent: intent, message: message).running(child)
    }

    /// Declares a child feature that is one case of an optional enum destination, with the child's feature, as
    /// `child(_:at:case:name:intent:message:sideEffects:)` does with its type.
    /// `forwardToChildren(_:)` runs `child` for the intents this scope carries.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - destination: Where the optional enum is in the parent's state.
    ///   - case: The enum case that holds the child's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature, Destination>(
        _ child: Child,
        at destination: any WritableKeyPath<State, Destination?> & Sendable,
        case: @escaping @Sendable (Child.State) -> Destination,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message,
        sideEffects: @escaping @Sendable (Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, SingleChild> {
        self.child(
            Child.self, at: destination, case: `case`, name: name, intent: intent, message: message,
            sideEffects: sideEffects
        ).running(child)
    }

    /// Declares a child feature that is one case of an optional enum destination, with the child's feature, as
    /// `child(_:at:case:name:intent:message:)` does with its type.
    /// `forwardToChildren(_:)` runs `child` for the intents this scope carries.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - destination: Where the optional enum is in the parent's state.
    ///   - case: The enum case that holds the child's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    @inlinable
    public static func child<Child: Feature, Destination>(
        _ child: Child,
        at destination: any WritableKeyPath<State, Destination?> & Sendable,
        case: @escaping @Sendable (Child.State) -> Destination,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message
    ) -> ChildScope<Self, Child, SingleChild> where Child.SideEffect == Never {
        self.child(Child.self, at: destination, case: `case`, name: name, intent: intent, message: message).running(
            child)
    }

    /// Declares a stack (or collection) of different screens, one case of which is this child feature, with the child's feature, as
    /// `child(_:in:case:name:intent:message:sideEffects:)` does with its type.
    /// `forwardToChildren(_:)` runs `child` for the intents this scope carries.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - children: Where the children's states are in the parent's state.
    ///   - case: The enum case that holds the child's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child,
        in children: any WritableKeyPath<State, Children> & Sendable,
        case: @escaping @Sendable (Child.State) -> Children.ChildState,
        name: String? = nil,
        intent: @escaping @Sendable (Children.ChildID, Child.Intent) -> Intent,
        message: @escaping @Sendable (Children.ChildID, Child.Message) -> Message,
        sideEffects: @escaping @Sendable (Children.ChildID, Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, Children.ChildID> where Children.ChildID: Sendable {
        self.child(
            Child.self, in: children, case: `case`, name: name, intent: intent, message: message,
            sideEffects: sideEffects
        ).running(child)
    }

    /// Declares a stack (or collection) of different screens, one case of which is this child feature, with the child's feature, as
    /// `child(_:in:case:name:intent:message:)` does with its type.
    /// `forwardToChildren(_:)` runs `child` for the intents this scope carries.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - children: Where the children's states are in the parent's state.
    ///   - case: The enum case that holds the child's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child,
        in children: any WritableKeyPath<State, Children> & Sendable,
        case: @escaping @Sendable (Child.State) -> Children.ChildState,
        name: String? = nil,
        intent: @escaping @Sendable (Children.ChildID, Child.Intent) -> Intent,
        message: @escaping @Sendable (Children.ChildID, Child.Message) -> Message
    ) -> ChildScope<Self, Child, Children.ChildID> where Children.ChildID: Sendable, Child.SideEffect == Never {
        self.child(Child.self, in: children, case: `case`, name: name, intent: intent, message: message).running(child)
    }
}
