extension ReducingFeature {
    // The declarations of `Feature.child(_:…:intent:message:…)`, for a parent whose intents
    // are its messages: one enum case per child, carrying a `ChildInput`, where a parent with
    // intents and messages apart writes a case in each. Each declares the scope as the
    // feature's own would, then finds the child's values inside `ChildInput` and runs `child`
    // for the intents `forwardToChildren(_:)` finds (the default `execute` of a
    // `ReducingFeature` that `RoutesToChildren`).

    /// Declares a single child feature that is always there, in a parent whose intents are its
    /// messages: the parent's one case for it carries the child's ``ChildInput``.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - input: Makes the parent's intent for a child's intent or message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child,
        at state: any WritableKeyPath<State, Child.State> & Sendable,
        name: String? = nil,
        as input: @escaping @Sendable (ChildInput<Child>) -> Intent,
        sideEffects: @escaping @Sendable (Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, SingleChild> {
        self.child(
            Child.self, at: state, name: name, intent: { input(.intent($0)) }, message: { input(.message($0)) },
            sideEffects: sideEffects
        )
        .carried(by: { input($1) }).running(child)
    }

    /// Declares a single child feature, always there, that posts no side effects, in a parent whose
    /// intents are its messages: the parent's one case for it carries the child's ``ChildInput``.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - input: Makes the parent's intent for a child's intent or message (an enum case).
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child,
        at state: any WritableKeyPath<State, Child.State> & Sendable,
        name: String? = nil,
        as input: @escaping @Sendable (ChildInput<Child>) -> Intent
    ) -> ChildScope<Self, Child, SingleChild> where Child.SideEffect == Never {
        self.child(child, at: state, name: name, as: input, sideEffects: absurd)
    }

    /// Declares a single child feature whose state may be absent (a sheet, a detail), in a parent
    /// whose intents are its messages: the parent's one case for it carries the child's
    /// ``ChildInput``.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - input: Makes the parent's intent for a child's intent or message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child,
        at state: any WritableKeyPath<State, Child.State?> & Sendable,
        name: String? = nil,
        as input: @escaping @Sendable (ChildInput<Child>) -> Intent,
        sideEffects: @escaping @Sendable (Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, SingleChild> {
        self.child(
            Child.self, at: state, name: name, intent: { input(.intent($0)) }, message: { input(.message($0)) },
            sideEffects: sideEffects
        )
        .carried(by: { input($1) }).running(child)
    }

    /// Declares a single child feature whose state may be absent (a sheet, a detail), that posts no
    /// side effects, in a parent whose intents are its messages: the parent's one case for it
    /// carries the child's ``ChildInput``.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - state: Where the child's state is in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - input: Makes the parent's intent for a child's intent or message (an enum case).
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child,
        at state: any WritableKeyPath<State, Child.State?> & Sendable,
        name: String? = nil,
        as input: @escaping @Sendable (ChildInput<Child>) -> Intent
    ) -> ChildScope<Self, Child, SingleChild> where Child.SideEffect == Never {
        self.child(child, at: state, name: name, as: input, sideEffects: absurd)
    }

    /// Declares a child feature that is one case of an optional enum destination, in a parent whose
    /// intents are its messages: the parent's one case for it carries the child's ``ChildInput``.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - destination: Where the optional enum is in the parent's state.
    ///   - case: The enum case that holds the child's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - input: Makes the parent's intent for a child's intent or message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature, Destination>(
        _ child: Child,
        at destination: any WritableKeyPath<State, Destination?> & Sendable,
        case: @escaping @Sendable (Child.State) -> Destination,
        name: String? = nil,
        as input: @escaping @Sendable (ChildInput<Child>) -> Intent,
        sideEffects: @escaping @Sendable (Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, SingleChild> {
        self.child(
            Child.self, at: destination, case: `case`, name: name, intent: { input(.intent($0)) },
            message: { input(.message($0)) }, sideEffects: sideEffects
        )
        .carried(by: { input($1) }).running(child)
    }

    /// Declares a child feature that is one case of an optional enum destination, that posts no
    /// side effects, in a parent whose intents are its messages: the parent's one case for it
    /// carries the child's ``ChildInput``.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - destination: Where the optional enum is in the parent's state.
    ///   - case: The enum case that holds the child's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - input: Makes the parent's intent for a child's intent or message (an enum case).
    @inlinable
    public static func child<Child: Feature, Destination>(
        _ child: Child,
        at destination: any WritableKeyPath<State, Destination?> & Sendable,
        case: @escaping @Sendable (Child.State) -> Destination,
        name: String? = nil,
        as input: @escaping @Sendable (ChildInput<Child>) -> Intent
    ) -> ChildScope<Self, Child, SingleChild> where Child.SideEffect == Never {
        self.child(child, at: destination, case: `case`, name: name, as: input, sideEffects: absurd)
    }

    /// Declares a collection of child features by stable id, in a parent whose intents are its
    /// messages: the parent's one case for it carries the child's ``ChildInput``.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - children: Where the children's states are in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - input: Makes the parent's intent for a child's intent or message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child,
        in children: any WritableKeyPath<State, Children> & Sendable,
        name: String? = nil,
        as input: @escaping @Sendable (Children.ChildID, ChildInput<Child>) -> Intent,
        sideEffects: @escaping @Sendable (Children.ChildID, Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, Children.ChildID>
    where Children.ChildState == Child.State, Children.ChildID: Sendable {
        self.child(
            Child.self, in: children, name: name, intent: { input($0, .intent($1)) },
            message: { input($0, .message($1)) }, sideEffects: sideEffects
        )
        .carried(by: input).running(child)
    }

    /// Declares a collection of child features by stable id, that posts no side effects, in a
    /// parent whose intents are its messages: the parent's one case for it carries the child's
    /// ``ChildInput``.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - children: Where the children's states are in the parent's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - input: Makes the parent's intent for a child's intent or message (an enum case).
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child,
        in children: any WritableKeyPath<State, Children> & Sendable,
        name: String? = nil,
        as input: @escaping @Sendable (Children.ChildID, ChildInput<Child>) -> Intent
    ) -> ChildScope<Self, Child, Children.ChildID>
    where Children.ChildState == Child.State, Children.ChildID: Sendable, Child.SideEffect == Never {
        self.child(child, in: children, name: name, as: input, sideEffects: absurd)
    }

    /// Declares one kind of screen of a stack (or collection) of different screens, in a parent
    /// whose intents are its messages: the parent's one case for it carries the child's
    /// ``ChildInput``.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - children: Where the screens' states are in the parent's state.
    ///   - case: The enum case that holds the child's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - input: Makes the parent's intent for a child's intent or message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child,
        in children: any WritableKeyPath<State, Children> & Sendable,
        case: @escaping @Sendable (Child.State) -> Children.ChildState,
        name: String? = nil,
        as input: @escaping @Sendable (Children.ChildID, ChildInput<Child>) -> Intent,
        sideEffects: @escaping @Sendable (Children.ChildID, Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, Children.ChildID> where Children.ChildID: Sendable {
        self.child(
            Child.self, in: children, case: `case`, name: name, intent: { input($0, .intent($1)) },
            message: { input($0, .message($1)) }, sideEffects: sideEffects
        )
        .carried(by: input).running(child)
    }

    /// Declares one kind of screen of a stack (or collection) of different screens, that posts no
    /// side effects, in a parent whose intents are its messages: the parent's one case for it
    /// carries the child's ``ChildInput``.
    ///
    /// - Parameters:
    ///   - child: The child feature that runs the child's intents.
    ///   - children: Where the screens' states are in the parent's state.
    ///   - case: The enum case that holds the child's state.
    ///   - name: The name in logs and work ids; defaults to the key path below the state.
    ///   - input: Makes the parent's intent for a child's intent or message (an enum case).
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child,
        in children: any WritableKeyPath<State, Children> & Sendable,
        case: @escaping @Sendable (Child.State) -> Children.ChildState,
        name: String? = nil,
        as input: @escaping @Sendable (Children.ChildID, ChildInput<Child>) -> Intent
    ) -> ChildScope<Self, Child, Children.ChildID> where Children.ChildID: Sendable, Child.SideEffect == Never {
        self.child(child, in: children, case: `case`, name: name, as: input, sideEffects: absurd)
    }
}
