/// Where a child feature lives inside a parent: its state's place in the parent's state, and
/// how its intents, messages and side effects become the parent's.
///
/// Declare one per child, once, with `Feature.child(_:at:name:intent:message:sideEffects:)`
/// (a single or optional child) or `Feature.child(_:in:name:intent:message:sideEffects:)` (a
/// collection by id). The parent's `Intent` and `Message` each get one case per child that
/// carries the child's value, and the enum cases themselves are the embedding functions:
///
/// ```swift
/// static let rows = child(Todo.self, in: \.rows, intent: Intent.rows, message: Message.rows)
/// ```
///
/// Then `reduce` hands the child's messages to ``reduce(_:_:id:)``, and `execute` hands its
/// intents to ``FeatureContext/forward(_:to:in:id:)`` or ``StoreContext/forward(_:to:in:id:)``.
public struct ChildScope<Parent: Feature, Child: Feature, ID: Hashable & Sendable>: Sendable {
    /// The scope's closures and name, in one object: a scope is copied on each forwarded
    /// intent (into the child's link), and copying one reference is one retain where the
    /// six closures and the name were seven, through the struct's value witnesses.
    @usableFromInline
    final class Parts: Sendable {
        @usableFromInline let name: String
        @usableFromInline let read: @Sendable (Parent.State, ID) -> Child.State?
        @usableFromInline let modify: @Sendable (inout Parent.State, ID, (inout Child.State) -> Void) -> Bool
        @usableFromInline let embedIntent: @Sendable (ID, Child.Intent) -> Parent.Intent
        @usableFromInline let embedMessage: @Sendable (ID, Child.Message) -> Parent.Message
        @usableFromInline let route: @Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent>

        @usableFromInline init(
            name: String,
            read: @escaping @Sendable (Parent.State, ID) -> Child.State?,
            modify: @escaping @Sendable (inout Parent.State, ID, (inout Child.State) -> Void) -> Bool,
            embedIntent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent,
            embedMessage: @escaping @Sendable (ID, Child.Message) -> Parent.Message,
            route: @escaping @Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent>
        ) {
            self.name = name
            self.read = read
            self.modify = modify
            self.embedIntent = embedIntent
            self.embedMessage = embedMessage
            self.route = route
        }
    }

    @usableFromInline let parts: Parts

    /// The name of the child's place in logs and work ids: its key path below the parent's
    /// state (`rows`, `left.editor`), unique among a parent's places unless `name:` says
    /// otherwise. The cases of one enum place share it (`destination` for both `add` and
    /// `edit`): the place holds one case at a time, so their work never meets.
    public var name: String { parts.name }
    @inlinable var read: @Sendable (Parent.State, ID) -> Child.State? { parts.read }
    @inlinable var modify: @Sendable (inout Parent.State, ID, (inout Child.State) -> Void) -> Bool { parts.modify }
    @inlinable var embedIntent: @Sendable (ID, Child.Intent) -> Parent.Intent { parts.embedIntent }
    @inlinable var embedMessage: @Sendable (ID, Child.Message) -> Parent.Message { parts.embedMessage }
    @inlinable var route: @Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent> { parts.route }

    @usableFromInline init(
        name: String,
        read: @escaping @Sendable (Parent.State, ID) -> Child.State?,
        modify: @escaping @Sendable (inout Parent.State, ID, (inout Child.State) -> Void) -> Bool,
        intent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent,
        message: @escaping @Sendable (ID, Child.Message) -> Parent.Message,
        sideEffects: @escaping @Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent>
    ) {
        parts = Parts(
            name: name, read: read, modify: modify, embedIntent: intent, embedMessage: message,
            route: sideEffects)
    }

    /// The child's state, `nil` if the child is not there.
    @inlinable public func state(in parent: Parent.State, id: ID) -> Child.State? {
        read(parent, id)
    }

    /// Reduces a child's message with the child's reducer, in place. A message for a child
    /// that is not there (a late result for a row deleted meanwhile) changes nothing.
    ///
    /// - Returns: Whether the child was there.
    @inlinable @discardableResult
    public func reduce(_ parent: inout Parent.State, _ message: Child.Message, id: ID) -> Bool {
        modify(&parent, id) { Child.reduce(&$0, message) }
    }

    /// The parent's intent that carries `intent` to the child `id`.
    @inlinable public func intent(_ intent: Child.Intent, id: ID) -> Parent.Intent {
        embedIntent(id, intent)
    }

    /// The parent's message that carries `message` to the child `id`.
    @inlinable public func message(_ message: Child.Message, id: ID) -> Parent.Message {
        embedMessage(id, message)
    }

    /// `rows[42]`, or the name alone for a single child.
    public func path(id: ID) -> String { ChildPath.component(name, id: id) }
}

extension ChildScope where ID == SingleChild {
    /// The child's state, `nil` if it is not there.
    @inlinable public func state(in parent: Parent.State) -> Child.State? {
        read(parent, .only)
    }

    /// Reduces a child's message in place; nothing if the child is not there.
    @inlinable @discardableResult
    public func reduce(_ parent: inout Parent.State, _ message: Child.Message) -> Bool {
        reduce(&parent, message, id: .only)
    }
}

/// The name of a child's place from its key path: the whole path below the parent's state
/// (`\State.rows` gives `rows`, `\State.left.editor` gives `left.editor`), so that two
/// children at different places never share a name, and with it their work ids.
///
/// A computed property's key path has no name to read, only an address that changes from run
/// to run: its name is the text without the address (`<computed Optional<Editor>>`), stable
/// but the same for every computed place of one type. Pass `name:` for those.
@usableFromInline
func propertyName(of keyPath: AnyKeyPath) -> String {
    var description = String(describing: keyPath)
    // `\State.left.editor`: the root type's name ends at the first dot (a key path's
    // description names the root without its enclosing types).
    if description.hasPrefix("\\"), let dot = description.firstIndex(of: ".") {
        description = String(description[description.index(after: dot)...])
    }
    // Optional chaining shows as `editor?.text?`: the place is the same without the marks.
    description.removeAll { $0 == "?" }
    return removingAddresses(from: description)
}

/// `<computed 0x000055d785b08090 (Optional<State>)>` without its address:
/// `<computed Optional<State>>`.
private func removingAddresses(from text: String) -> String {
    let marker = Array("<computed 0x")
    let characters = Array(text)
    var result = ""
    var index = 0
    while index < characters.count {
        guard characters[index...].starts(with: marker) else {
            result.append(characters[index])
            index += 1
            continue
        }
        result += "<computed "
        index += marker.count
        while index < characters.count, characters[index].isHexDigit { index += 1 }
        while index < characters.count, characters[index] == " " { index += 1 }
        // The type in parentheses (which may hold parentheses of its own), without them.
        guard index < characters.count, characters[index] == "(" else { continue }
        var depth = 0
        var close = index
        while close < characters.count {
            if characters[close] == "(" { depth += 1 }
            if characters[close] == ")" { depth -= 1 }
            if depth == 0 { break }
            close += 1
        }
        guard close < characters.count else { continue }
        result += String(characters[(index + 1)..<close])
        index = close + 1
    }
    return result
}
