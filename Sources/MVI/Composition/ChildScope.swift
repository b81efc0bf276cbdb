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
/// intents to ``StoreContext/forward(_:to:in:id:)``.
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
        /// Removes the child from its place and returns whether it was there; `nil` for a
        /// place a child cannot leave (a non-optional property).
        @usableFromInline let remove: (@Sendable (inout Parent.State, ID) -> Bool)?
        /// Whether a child's message is its ``DismissibleMessage/dismiss``; `nil` when the
        /// child's messages are not dismissible or the place cannot lose the child.
        @usableFromInline let isDismissal: (@Sendable (Child.Message) -> Bool)?

        /// Reduces a parent's message if it carries one of the child's, and says whether it
        /// did (``ChildScopeRoute/reduce(carried:in:)``).
        @usableFromInline let reduceCarried: @Sendable (inout Parent.State, Parent.Message) -> Bool
        /// The child's id and intent, if a parent's intent carries one of the child's.
        @usableFromInline let extractIntent: @Sendable (Parent.Intent) -> (ID, Child.Intent)?
        /// The child's id and message, if a parent's message carries one of the child's.
        @usableFromInline let extractMessage: @Sendable (Parent.Message) -> (ID, Child.Message)?
        /// Forwards a parent's intent to the child if it carries one of the child's; `nil`
        /// for a scope declared with the child's type rather than its feature, which cannot
        /// run the child's `execute` by itself.
        @usableFromInline let forwardCarried: (@Sendable (Parent.Intent, StoreContext<Parent>) -> Bool)?

        @usableFromInline init(
            name: String,
            read: @escaping @Sendable (Parent.State, ID) -> Child.State?,
            modify: @escaping @Sendable (inout Parent.State, ID, (inout Child.State) -> Void) -> Bool,
            embedIntent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent,
            embedMessage: @escaping @Sendable (ID, Child.Message) -> Parent.Message,
            route: @escaping @Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent>,
            remove: (@Sendable (inout Parent.State, ID) -> Bool)?,
            isDismissal: (@Sendable (Child.Message) -> Bool)?,
            reduceCarried: @escaping @Sendable (inout Parent.State, Parent.Message) -> Bool,
            extractIntent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?,
            extractMessage: @escaping @Sendable (Parent.Message) -> (ID, Child.Message)?,
            forwardCarried: (@Sendable (Parent.Intent, StoreContext<Parent>) -> Bool)?
        ) {
            self.name = name
            self.read = read
            self.modify = modify
            self.embedIntent = embedIntent
            self.embedMessage = embedMessage
            self.route = route
            self.remove = remove
            self.isDismissal = isDismissal
            self.reduceCarried = reduceCarried
            self.extractIntent = extractIntent
            self.extractMessage = extractMessage
            self.forwardCarried = forwardCarried
        }

        /// The same parts, with `forwardCarried`.
        @usableFromInline func forwarding(
            _ forwardCarried: @escaping @Sendable (Parent.Intent, StoreContext<Parent>) -> Bool
        ) -> Parts {
            Parts(
                name: name, read: read, modify: modify, embedIntent: embedIntent, embedMessage: embedMessage,
                route: route, remove: remove, isDismissal: isDismissal, reduceCarried: reduceCarried,
                extractIntent: extractIntent, extractMessage: extractMessage, forwardCarried: forwardCarried)
        }
    }

    @usableFromInline var parts: Parts

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

    /// Inlinable, so that the closures that find a child's case in a parent's intent or
    /// message are made specialized for the parent's and the child's types.
    @inlinable init(
        name: String,
        read: @escaping @Sendable (Parent.State, ID) -> Child.State?,
        modify: @escaping @Sendable (inout Parent.State, ID, (inout Child.State) -> Void) -> Bool,
        intent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent,
        message: @escaping @Sendable (ID, Child.Message) -> Parent.Message,
        sideEffects: @escaping @Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent>,
        remove: (@Sendable (inout Parent.State, ID) -> Bool)?
    ) {
        let isDismissal = remove == nil ? nil : dismissalCheck(for: Child.Message.self)
        let extractMessage = Self.extractor(message)
        parts = Parts(
            name: name, read: read, modify: modify, embedIntent: intent, embedMessage: message,
            route: sideEffects, remove: remove, isDismissal: isDismissal,
            reduceCarried: Self.reducer(extractMessage, modify: modify, remove: remove, isDismissal: isDismissal),
            extractIntent: Self.extractor(intent), extractMessage: extractMessage, forwardCarried: nil)
    }

    /// Reduces a parent's message with the child's reducer when `extractMessage` finds one
    /// of the child's in it (a dismissal removes the child instead), and says whether it did.
    @inlinable static func reducer(
        _ extractMessage: @escaping @Sendable (Parent.Message) -> (ID, Child.Message)?,
        modify: @escaping @Sendable (inout Parent.State, ID, (inout Child.State) -> Void) -> Bool,
        remove: (@Sendable (inout Parent.State, ID) -> Bool)?,
        isDismissal: (@Sendable (Child.Message) -> Bool)?
    ) -> @Sendable (inout Parent.State, Parent.Message) -> Bool {
        { parent, carrier in
            guard let (id, message) = extractMessage(carrier) else { return false }
            if let isDismissal, isDismissal(message), let remove {
                _ = remove(&parent, id)
            } else {
                _ = modify(&parent, id) { Child.reduceKeepingSharedElements(&$0, message) }
            }
            return true
        }
    }

    /// This scope, for a parent whose intents are its messages and whose one case per child
    /// carries a ``ChildInput`` (made by `input`): the child's intents and messages are found
    /// in that case, `.intent` and `.message` apart.
    @inlinable func carried(by input: @escaping @Sendable (ID, ChildInput<Child>) -> Parent.Intent) -> Self
    where Parent.Message == Parent.Intent {
        let extractInput = Self.extractor(input)
        let extractIntent: @Sendable (Parent.Intent) -> (ID, Child.Intent)? = { carrier in
            guard let (id, input) = extractInput(carrier), case .intent(let intent) = input else { return nil }
            return (id, intent)
        }
        let extractMessage: @Sendable (Parent.Message) -> (ID, Child.Message)? = { carrier in
            guard let (id, input) = extractInput(carrier), case .message(let message) = input else { return nil }
            return (id, message)
        }
        var scope = self
        scope.parts = Parts(
            name: parts.name, read: parts.read, modify: parts.modify, embedIntent: { input($0, .intent($1)) },
            embedMessage: { input($0, .message($1)) }, route: parts.route, remove: parts.remove,
            isDismissal: parts.isDismissal,
            reduceCarried: Self.reducer(
                extractMessage, modify: parts.modify, remove: parts.remove, isDismissal: parts.isDismissal),
            extractIntent: extractIntent, extractMessage: extractMessage, forwardCarried: nil)
        return scope
    }

    /// This scope, running `feature` for the intents ``forward(carried:_:)`` finds.
    @inlinable func running(_ feature: Child) -> Self {
        var scope = self
        let extractIntent = parts.extractIntent
        let plain = self
        scope.parts = parts.forwarding { carrier, context in
            guard let (id, intent) = extractIntent(carrier) else { return false }
            context.forward(intent, to: feature, in: plain, id: id)
            return true
        }
        return scope
    }

    /// Finds the child's id and value in a parent's intent or message made by `embed` (an
    /// enum case): by the case's tag once learnt (``EnumCase``). A single child's case carries
    /// the child's value alone; a collection's carries the id and the value.
    @inlinable static func extractor<Carrier, Value>(
        _ embed: @escaping @Sendable (ID, Value) -> Carrier
    ) -> @Sendable (Carrier) -> (ID, Value)? {
        if let only = SingleChild.only as? ID {
            let enumCase = EnumCase<Carrier, Value> { embed(only, $0) }
            return { carrier in enumCase.extract(from: carrier).map { (only, $0) } }
        }
        let enumCase = EnumCase<Carrier, (ID, Value)> { embed($0.0, $0.1) }
        return { carrier in enumCase.extract(from: carrier) }
    }

    /// The child's state, `nil` if the child is not there.
    @inlinable public func state(in parent: Parent.State, id: ID) -> Child.State? {
        read(parent, id)
    }

    /// Reduces a child's message with the child's reducer, in place. A message for a child
    /// that is not there (a late result for a row deleted meanwhile) changes nothing.
    ///
    /// A child's ``DismissibleMessage/dismiss`` removes the child from its place instead (see
    /// ``DismissibleMessage``), where the place can lose it.
    ///
    /// - Returns: Whether the child was there.
    @inlinable @discardableResult
    public func reduce(_ parent: inout Parent.State, _ message: Child.Message, id: ID) -> Bool {
        if let isDismissal = parts.isDismissal, isDismissal(message), let remove = parts.remove {
            return remove(&parent, id)
        }
        return modify(&parent, id) { Child.reduceKeepingSharedElements(&$0, message) }
    }

    /// Removes the child from its place, as its ``DismissibleMessage/dismiss`` does: for a
    /// parent that closes a child itself. Nothing for a place that cannot lose its child.
    ///
    /// - Returns: Whether the child was there and is now removed.
    @inlinable @discardableResult
    public func remove(from parent: inout Parent.State, id: ID) -> Bool {
        parts.remove?(&parent, id) ?? false
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

    /// Removes the child from its place (see ``remove(from:id:)``).
    @inlinable @discardableResult
    public func remove(from parent: inout Parent.State) -> Bool {
        remove(from: &parent, id: .only)
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
