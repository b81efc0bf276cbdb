extension Feature {
    /// Declares a child feature: the feature that runs it, where its state is
    /// (``ChildPlace``), and the parent's intent and message cases that carry its own.
    ///
    /// ```swift
    /// static let editor = child(Editor(), .optional(\.editor), intent: Intent.editor,
    ///                           message: Message.editor, sideEffects: { .send(.editorSaid($0)) })
    /// ```
    ///
    /// List the scope in ``Feature/childScopes``: the store then hands every intent and message
    /// that carries the child's to it, before the parent's `execute` and `reduce` see anything.
    ///
    /// - Parameters:
    ///   - child: The child feature, which runs the child's intents. What it holds is plain
    ///     configuration; it reaches services with `@Dependency`, inherited from the parent.
    ///   - place: Where the child's state is in the parent's state: `.at`, `.optional` or `.case`.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes. Required when the child has
    ///     side effects: a store reports a child whose side effects go nowhere when it is created.
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child,
        _ place: ChildPlace<State, Child.State, SingleChild>,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message,
        sideEffects: (@Sendable (Child.SideEffect) -> ChildSideEffect<Self>)? = nil
    ) -> ChildScope<Self, Child, SingleChild> {
        ChildScope(
            running: child, place, intent: { intent($1) }, message: { message($1) },
            sideEffects: ignoringID(sideEffects))
    }

    /// Declares children in a collection by id (``ChildPlace/each(_:)``), whose parent's intent
    /// and message cases carry the child's id beside its value.
    ///
    /// ```swift
    /// static let rows = child(TodoRow(), .each(\.rows), intent: Intent.rows, message: Message.rows)
    /// ```
    ///
    /// - Parameters:
    ///   - child: The child feature, which runs each child's intents.
    ///   - place: Where the children's states are in the parent's state: `.each`.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of a child goes; required when the child has some.
    @inlinable
    public static func child<Child: Feature, ID>(
        _ child: Child,
        _ place: ChildPlace<State, Child.State, ID>,
        intent: @escaping @Sendable (ID, Child.Intent) -> Intent,
        message: @escaping @Sendable (ID, Child.Message) -> Message,
        sideEffects: (@Sendable (ID, Child.SideEffect) -> ChildSideEffect<Self>)? = nil
    ) -> ChildScope<Self, Child, ID> {
        ChildScope(running: child, place, intent: intent, message: message, sideEffects: sideEffects)
    }
}

extension Feature where Message == Intent {
    /// Declares a child feature of a parent whose intents are its messages: one case of the
    /// parent's `Intent` carries the child's ``ChildInput``, an intent or a message.
    ///
    /// ```swift
    /// static let edit = child(SyncUpForm(), .case(\.destination, Destination.edit), input: Intent.edit)
    /// ```
    ///
    /// - Parameters:
    ///   - child: The child feature, which runs the child's intents.
    ///   - place: Where the child's state is in the parent's state: `.at`, `.optional` or `.case`.
    ///   - input: Makes the parent's intent for a child's input (an enum case).
    ///   - sideEffects: Where each side effect of the child goes; required when the child has some.
    @inlinable
    public static func child<Child: Feature>(
        _ child: Child,
        _ place: ChildPlace<State, Child.State, SingleChild>,
        input: @escaping @Sendable (ChildInput<Child>) -> Intent,
        sideEffects: (@Sendable (Child.SideEffect) -> ChildSideEffect<Self>)? = nil
    ) -> ChildScope<Self, Child, SingleChild> {
        ChildScope(
            running: child, place, input: { input($1) }, sideEffects: ignoringID(sideEffects))
    }

    /// Declares children in a collection by id, in a parent whose intents are its messages:
    /// one case of the parent's `Intent` carries the child's id and ``ChildInput``.
    ///
    /// ```swift
    /// static let detail = child(SyncUpDetail(), .each(\.path, Path.detail), input: Intent.detail)
    /// ```
    ///
    /// - Parameters:
    ///   - child: The child feature, which runs each child's intents.
    ///   - place: Where the children's states are in the parent's state: `.each`.
    ///   - input: Makes the parent's intent for a child's input (an enum case).
    ///   - sideEffects: Where each side effect of a child goes; required when the child has some.
    @inlinable
    public static func child<Child: Feature, ID>(
        _ child: Child,
        _ place: ChildPlace<State, Child.State, ID>,
        input: @escaping @Sendable (ID, ChildInput<Child>) -> Intent,
        sideEffects: (@Sendable (ID, Child.SideEffect) -> ChildSideEffect<Self>)? = nil
    ) -> ChildScope<Self, Child, ID> {
        ChildScope(running: child, place, input: input, sideEffects: sideEffects)
    }
}

/// A single child's side-effect route, as a scope's, which takes the child's id too.
@inlinable
func ignoringID<Parent: Feature, SideEffect>(
    _ route: (@Sendable (SideEffect) -> ChildSideEffect<Parent>)?
) -> (@Sendable (SingleChild, SideEffect) -> ChildSideEffect<Parent>)? {
    guard let route else { return nil }
    return { _, sideEffect in route(sideEffect) }
}
