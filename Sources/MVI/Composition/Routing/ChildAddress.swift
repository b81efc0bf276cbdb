/// Where a child is below a root feature, written as a key path through the scopes each
/// feature declares: `\.detail[0]` (the detail screen with id 0 of the app's stack),
/// `\.detail[0].edit` (the form in that screen's edit sheet), `\.list.add`.
///
/// A test sends a child's intent and asserts the child's state through one
/// (`MVITesting`'s `TestStore.send(_:_:assert:…)`), as TCA's case key paths do:
///
/// ```swift
/// await store.send(\.detail[0], .editTapped) { $0.destination = .edit(form) }
/// await store.send(\.detail[0].edit, .binding(.set(\.syncUp, renamed))) { $0.syncUp = renamed }
/// ```
///
/// Each step is a scope declared as a static property of its parent (`static let detail =
/// child(…)`), found from the parent's type; a scope of children by id takes the id in
/// brackets before the next step. The address embeds the child's intents and messages in the
/// root's, and reaches the child's state in the root's in place, through the places the
/// scopes declare, so an enum screen or an enum destination is edited where it is.
@dynamicMemberLookup
public struct ChildAddress<Root: Feature, Child: Feature, ID: Hashable & Sendable>: Sendable {
    /// The root's intent that carries a child's intent to the child `id`.
    @usableFromInline let embedIntent: @Sendable (ID, Child.Intent) -> Root.Intent
    /// The root's message that carries a child's message to the child `id`.
    @usableFromInline let embedMessage: @Sendable (ID, Child.Message) -> Root.Message
    /// Mutates the child `id` in the root's state in place; `false` if it is not there.
    @usableFromInline let modify: @Sendable (inout Root.State, ID, (inout Child.State) -> Void) -> Bool
    /// The child's path below the root, as logs name it (`path[0]/destination`).
    @usableFromInline let path: @Sendable (ID) -> String

    @usableFromInline init(
        embedIntent: @escaping @Sendable (ID, Child.Intent) -> Root.Intent,
        embedMessage: @escaping @Sendable (ID, Child.Message) -> Root.Message,
        modify: @escaping @Sendable (inout Root.State, ID, (inout Child.State) -> Void) -> Bool,
        path: @escaping @Sendable (ID) -> String
    ) {
        self.embedIntent = embedIntent
        self.embedMessage = embedMessage
        self.modify = modify
        self.path = path
    }

    /// The child with this id, in a scope of children by id: `\.detail[0]`.
    public subscript(_ id: ID) -> ChildAddress<Root, Child, SingleChild> {
        let (embedIntent, embedMessage, modify, path) = (embedIntent, embedMessage, modify, path)
        return ChildAddress<Root, Child, SingleChild>(
            embedIntent: { embedIntent(id, $1) }, embedMessage: { embedMessage(id, $1) },
            modify: { modify(&$0, id, $2) }, path: { _ in path(id) })
    }

    /// A child of this child, by the scope its feature declares as a static property:
    /// `\.detail[0].edit` is `SyncUpDetail.edit` inside the detail with id 0.
    public subscript<Grandchild: Feature, GrandchildID>(
        dynamicMember scope: KeyPath<Child.Type, ChildScope<Child, Grandchild, GrandchildID>>
    ) -> ChildAddress<Root, Grandchild, GrandchildID> where ID == SingleChild {
        let scope = Child.self[keyPath: scope]
        let (embedIntent, embedMessage, modify, path) = (embedIntent, embedMessage, modify, path)
        return ChildAddress<Root, Grandchild, GrandchildID>(
            embedIntent: { embedIntent(.only, scope.embedIntent($0, $1)) },
            embedMessage: { embedMessage(.only, scope.embedMessage($0, $1)) },
            modify: { root, id, body in
                var found = false
                let parentFound = modify(&root, .only) { found = scope.modify(&$0, id, body) }
                return parentFound && found
            },
            path: { id in
                let parent = path(.only)
                return parent.isEmpty ? scope.path(id: id) : parent + "/" + scope.path(id: id)
            })
    }
}

extension ChildAddress where Child == Root, ID == SingleChild {
    /// The root itself, where every address starts (the root of the key path a test writes).
    package init() {
        self.init(
            embedIntent: { $1 }, embedMessage: { $1 },
            modify: { root, _, body in
                body(&root)
                return true
            },
            path: { _ in "" })
    }
}

extension ChildAddress where ID == SingleChild {
    /// The root's intent that carries `intent` to this child.
    package func intent(_ intent: Child.Intent) -> Root.Intent { embedIntent(.only, intent) }

    /// The root's message that carries `message` to this child.
    package func message(_ message: Child.Message) -> Root.Message { embedMessage(.only, message) }

    /// Mutates this child in the root's state in place; `false` if it is not there.
    package func modify(_ root: inout Root.State, _ body: (inout Child.State) -> Void) -> Bool {
        modify(&root, .only, body)
    }

    /// The child's path below the root, as logs name it (`path[0]/destination`).
    package var name: String { path(.only) }
}
