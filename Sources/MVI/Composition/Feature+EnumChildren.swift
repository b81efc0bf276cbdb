extension Feature {
    /// Declares a child feature that is one case of an optional enum destination: a sheet, an
    /// alert or a pushed screen, where the parent shows at most one destination at a time.
    ///
    /// ```swift
    /// enum Destination: Equatable, Sendable {
    ///     case add(Form.State)
    ///     case edit(Form.State)
    /// }
    /// static let add = child(Form.self, at: \.destination, case: Destination.add,
    ///                        intent: Intent.add, message: Message.add)
    /// static let edit = child(Form.self, at: \.destination, case: Destination.edit,
    ///                         intent: Intent.edit, message: Message.edit)
    /// ```
    ///
    /// The case itself is all the declaration needs: the child's state is extracted by
    /// reflection the first time, the enum's case name checked, so two cases carrying the
    /// same state stay apart; after that, by the enum's tag, as a `switch` would. The case's associated value must be the child's state alone, unlabelled. Its
    /// messages and intents are dropped (and an intent reported) while the destination is
    /// another case or `nil`, and its async work is cancelled when the destination leaves
    /// this case.
    ///
    /// - Parameters:
    ///   - child: The child feature's type.
    ///   - destination: Where the optional enum is in the parent's state.
    ///   - case: The enum case that holds the child's state (`Destination.edit`).
    ///   - name: The name in logs and work ids; defaults to the key path (`destination`), shared by the place's cases.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of the child goes.
    @inlinable
    public static func child<Child: Feature, Destination>(
        _ child: Child.Type,
        at destination: any WritableKeyPath<State, Destination?> & Sendable,
        case: @escaping @Sendable (Child.State) -> Destination,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message,
        sideEffects: @escaping @Sendable (Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, SingleChild> {
        let place = StatePlace(destination)
        let enumCase = EnumCase(`case`)
        return ChildScope(
            name: name ?? propertyName(of: destination),
            read: { parent, _ in place.read(parent) { $0.flatMap(enumCase.extract(from:)) } },
            modify: { parent, _, body in
                place.modify(&parent) { destination in
                    guard let current = destination, var state = enumCase.extract(from: current) else { return false }
                    // Emptied while the child's state changes, so that the state is not
                    // shared with the enum's copy and mutates in place.
                    destination = nil
                    body(&state)
                    destination = enumCase.embed(state)
                    return true
                }
            },
            intent: { intent($1) }, message: { message($1) }, sideEffects: { sideEffects($1) },
            remove: { parent, _ in
                place.modify(&parent) { destination in
                    guard let current = destination, enumCase.matches(current) else { return false }
                    destination = nil
                    return true
                }
            })
    }

    /// Declares a child feature that is one case of an optional enum destination, and posts
    /// no side effects (see `child(_:at:case:name:intent:message:sideEffects:)`).
    ///
    /// - Parameters:
    ///   - child: The child feature's type.
    ///   - destination: Where the optional enum is in the parent's state.
    ///   - case: The enum case that holds the child's state (`Destination.edit`).
    ///   - name: The name in logs and work ids; defaults to the key path (`destination`), shared by the place's cases.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    @inlinable
    public static func child<Child: Feature, Destination>(
        _ child: Child.Type,
        at destination: any WritableKeyPath<State, Destination?> & Sendable,
        case: @escaping @Sendable (Child.State) -> Destination,
        name: String? = nil,
        intent: @escaping @Sendable (Child.Intent) -> Intent,
        message: @escaping @Sendable (Child.Message) -> Message
    ) -> ChildScope<Self, Child, SingleChild> where Child.SideEffect == Never {
        self.child(
            child, at: destination, case: `case`, name: name, intent: intent, message: message, sideEffects: absurd)
    }

    /// Declares the screens of one kind in a collection of enum screens: a navigation stack
    /// whose screens are different features (`DestinationStack<Path>`, with
    /// `enum Path { case detail(Detail.State), record(Record.State) }`), one declaration per
    /// case.
    ///
    /// ```swift
    /// static let detail = child(Detail.self, in: \.path, case: Path.detail,
    ///                           intent: Intent.detail, message: Message.detail)
    /// ```
    ///
    /// An element of the collection that is another case is not this child: its intents are
    /// dropped and reported, its messages dropped. A screen's work is cancelled when it is
    /// popped or removed.
    ///
    /// - Parameters:
    ///   - child: The child feature's type.
    ///   - children: Where the collection of enum values is in the parent's state.
    ///   - case: The enum case that holds the child's state (`Path.detail`).
    ///   - name: The name in logs and work ids; defaults to the key path (`path`), shared by the place's cases.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    ///   - sideEffects: Where each side effect of a child goes.
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child.Type,
        in children: any WritableKeyPath<State, Children> & Sendable,
        case: @escaping @Sendable (Child.State) -> Children.ChildState,
        name: String? = nil,
        intent: @escaping @Sendable (Children.ChildID, Child.Intent) -> Intent,
        message: @escaping @Sendable (Children.ChildID, Child.Message) -> Message,
        sideEffects: @escaping @Sendable (Children.ChildID, Child.SideEffect) -> ChildSideEffect<Self>
    ) -> ChildScope<Self, Child, Children.ChildID> where Children.ChildID: Sendable {
        let place = StatePlace(children)
        let enumCase = EnumCase(`case`)
        return ChildScope(
            name: name ?? propertyName(of: children),
            read: { state, id in place.read(state) { $0[child: id].flatMap(enumCase.extract(from:)) } },
            modify: { state, id, body in
                place.modify(&state) { children in
                    var isThisCase = false
                    let isThere = children.modifyChild(id: id) { element in
                        guard var state = enumCase.extract(from: element) else { return }
                        isThisCase = true
                        body(&state)
                        element = enumCase.embed(state)
                    }
                    return isThere && isThisCase
                }
            },
            intent: intent, message: message, sideEffects: sideEffects,
            remove: { state, id in
                place.modify(&state) { children in
                    guard let element = children[child: id], enumCase.matches(element) else { return false }
                    return children.removeChild(id: id)
                }
            })
    }

    /// Declares the screens of one kind in a collection of enum screens, for a child that
    /// posts no side effects (see `child(_:in:case:name:intent:message:sideEffects:)`).
    ///
    /// - Parameters:
    ///   - child: The child feature's type.
    ///   - children: Where the collection of enum values is in the parent's state.
    ///   - case: The enum case that holds the child's state (`Path.detail`).
    ///   - name: The name in logs and work ids; defaults to the key path (`path`), shared by the place's cases.
    ///   - intent: Makes the parent's intent for a child's intent (an enum case).
    ///   - message: Makes the parent's message for a child's message (an enum case).
    @inlinable
    public static func child<Child: Feature, Children: ChildCollection>(
        _ child: Child.Type,
        in children: any WritableKeyPath<State, Children> & Sendable,
        case: @escaping @Sendable (Child.State) -> Children.ChildState,
        name: String? = nil,
        intent: @escaping @Sendable (Children.ChildID, Child.Intent) -> Intent,
        message: @escaping @Sendable (Children.ChildID, Child.Message) -> Message
    ) -> ChildScope<Self, Child, Children.ChildID> where Children.ChildID: Sendable, Child.SideEffect == Never {
        self.child(
            child, in: children, case: `case`, name: name, intent: intent, message: message, sideEffects: absurd)
    }
}
