/// A child feature inside a parent: the feature that runs it, its state's place in the
/// parent's state, and how its intents, messages and side effects become the parent's.
///
/// Declare one per child with `Feature.child(_:_:…)` and list it in ``Feature/childScopes``:
///
/// ```swift
/// static let rows = child(TodoRow(), .each(\.rows), intent: Intent.rows, message: Message.rows)
/// static let childScopes: [any ChildScopeRoute<Self>] = [rows]
/// ```
///
/// The store routes through the list: an intent that carries a child's runs the child's
/// `execute`, a message that carries a child's is reduced by the child's reducer; then the
/// parent's `execute` and `reduce` see it, to react or pass.
public struct ChildScope<Parent: Feature, Child: Feature, ID: Hashable & Sendable>: Sendable {
    /// The scope's closures and name, in one object: a scope is copied on each forwarded
    /// intent (into the child's link), and copying one reference is one retain where the
    /// closures and the name were one each, through the struct's value witnesses.
    @usableFromInline
    final class Parts: Sendable {
        @usableFromInline let name: String
        @usableFromInline let read: @Sendable (Parent.State, ID) -> Child.State?
        @usableFromInline let modify: @Sendable (inout Parent.State, ID, (inout Child.State) -> Void) -> Bool
        @usableFromInline let embedIntent: @Sendable (ID, Child.Intent) -> Parent.Intent
        @usableFromInline let embedMessage: @Sendable (ID, Child.Message) -> Parent.Message
        @usableFromInline let route: @Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent>
        /// Whether the child has side effects and the declaration said nowhere for them to go:
        /// the store reports it when it is created.
        @usableFromInline let dropsSideEffects: Bool
        /// Whether the name is the child feature's type, the place's key path having none (a
        /// computed property): two such places of one type would share it, which the store
        /// reports when it is created.
        @usableFromInline let isNamedByType: Bool
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
        /// The feature that runs the child's intents.
        @usableFromInline let feature: Child
        /// Runs a parent's intent with the child's `execute` if it carries one of the
        /// child's, and says whether it did (``ChildScopeRoute/forward(carried:_:)``). Made
        /// where the scope is declared, so that it is specialized for the parent's and the
        /// child's types: the generic path looked up metadata and allocated the child's link
        /// on every intent (budgets.tsv: child-in-10).
        @usableFromInline let forwardCarried: @Sendable (Parent.Intent, StoreContext<Parent>, ChildScope) -> Bool
        /// What the child's `execute` and the work it starts run inside, instead of only the
        /// store's: ``ChildScope/environment(_:)``.
        @usableFromInline let environment: (any ExecutionEnvironment)?
        /// Whether a handle was asked of this scope while it is not in its parent's
        /// ``Feature/childScopes``, and that was reported: once.
        let reportedUnlisted = Locked(false)

        @usableFromInline init(
            name: String,
            place: ChildPlace<Parent.State, Child.State, ID>,
            embedIntent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent,
            embedMessage: @escaping @Sendable (ID, Child.Message) -> Parent.Message,
            route: (@Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent>)?,
            isDismissal: (@Sendable (Child.Message) -> Bool)?,
            reduceCarried: @escaping @Sendable (inout Parent.State, Parent.Message) -> Bool,
            extractIntent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?,
            extractMessage: @escaping @Sendable (Parent.Message) -> (ID, Child.Message)?,
            feature: Child,
            forwardCarried: @escaping @Sendable (Parent.Intent, StoreContext<Parent>, ChildScope) -> Bool,
            environment: (any ExecutionEnvironment)? = nil
        ) {
            self.name = name
            self.isNamedByType = place.name == nil
            self.read = place.read
            self.modify = place.modify
            self.remove = place.remove
            self.embedIntent = embedIntent
            self.embedMessage = embedMessage
            self.route = route ?? { _, _ in .ignore }
            self.dropsSideEffects = route == nil && Child.SideEffect.self != Never.self
            self.isDismissal = isDismissal
            self.reduceCarried = reduceCarried
            self.extractIntent = extractIntent
            self.extractMessage = extractMessage
            self.feature = feature
            self.forwardCarried = forwardCarried
            self.environment = environment
        }

        /// The same parts, run inside `environment`.
        func running(in environment: any ExecutionEnvironment) -> Parts {
            let parts = Parts(
                name: name,
                place: ChildPlace(name: name, read: read, modify: modify, remove: remove),
                embedIntent: embedIntent, embedMessage: embedMessage, route: dropsSideEffects ? nil : route,
                isDismissal: isDismissal,
                reduceCarried: reduceCarried, extractIntent: extractIntent, extractMessage: extractMessage,
                feature: feature, forwardCarried: forwardCarried, environment: environment)
            return parts
        }
    }

    @usableFromInline var parts: Parts

    /// The name of the child's place in logs and work ids: its key path below the parent's
    /// state (`rows`, `left.editor`), or the child feature's type for a place reached through
    /// a computed property (see ``ChildPlace``). The cases of one enum place share it
    /// (`destination` for both `add` and `edit`): the place holds one case at a time, so their
    /// work never meets.
    public var name: String { parts.name }
    @inlinable var read: @Sendable (Parent.State, ID) -> Child.State? { parts.read }
    @inlinable var modify: @Sendable (inout Parent.State, ID, (inout Child.State) -> Void) -> Bool { parts.modify }
    @inlinable var embedIntent: @Sendable (ID, Child.Intent) -> Parent.Intent { parts.embedIntent }
    @inlinable var embedMessage: @Sendable (ID, Child.Message) -> Parent.Message { parts.embedMessage }
    @inlinable var route: @Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent> { parts.route }

    /// A scope whose parent has an intent case and a message case for the child. Inlinable, so
    /// that the closures that find a child's case in a parent's intent or message are made
    /// specialized for the parent's and the child's types.
    @inlinable init(
        running feature: Child,
        _ place: ChildPlace<Parent.State, Child.State, ID>,
        intent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent,
        message: @escaping @Sendable (ID, Child.Message) -> Parent.Message,
        sideEffects: (@Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent>)?
    ) {
        let isDismissal = place.remove == nil ? nil : dismissalCheck(for: Child.Message.self)
        let extractMessage = Self.extractor(message)
        let extractIntent = Self.extractor(intent)
        parts = Parts(
            name: place.name ?? String(describing: Child.self), place: place, embedIntent: intent,
            embedMessage: message, route: sideEffects, isDismissal: isDismissal,
            reduceCarried: Self.reducer(
                extractMessage, modify: place.modify, remove: place.remove, isDismissal: isDismissal),
            extractIntent: extractIntent, extractMessage: extractMessage, feature: feature,
            forwardCarried: Self.forwarder(extractIntent))
    }

    /// A scope whose parent's intents are its messages, with one case per child carrying a
    /// ``ChildInput`` (made by `input`): the child's intents and messages are found in that
    /// case, `.intent` and `.message` apart.
    @inlinable init(
        running feature: Child,
        _ place: ChildPlace<Parent.State, Child.State, ID>,
        input: @escaping @Sendable (ID, ChildInput<Child>) -> Parent.Intent,
        sideEffects: (@Sendable (ID, Child.SideEffect) -> ChildSideEffect<Parent>)?
    ) where Parent.Message == Parent.Intent {
        let isDismissal = place.remove == nil ? nil : dismissalCheck(for: Child.Message.self)
        let extractInput = Self.extractor(input)
        let extractIntent: @Sendable (Parent.Intent) -> (ID, Child.Intent)? = { carrier in
            guard let (id, input) = extractInput(carrier), case .intent(let intent) = input else { return nil }
            return (id, intent)
        }
        let extractMessage: @Sendable (Parent.Message) -> (ID, Child.Message)? = { carrier in
            guard let (id, input) = extractInput(carrier), case .message(let message) = input else { return nil }
            return (id, message)
        }
        parts = Parts(
            name: place.name ?? String(describing: Child.self), place: place,
            embedIntent: { input($0, .intent($1)) }, embedMessage: { input($0, .message($1)) },
            route: sideEffects, isDismissal: isDismissal,
            reduceCarried: Self.reducer(
                extractMessage, modify: place.modify, remove: place.remove, isDismissal: isDismissal),
            extractIntent: extractIntent, extractMessage: extractMessage, feature: feature,
            forwardCarried: Self.forwarder(extractIntent))
    }

    /// Runs a parent's intent with the child's `execute` when `extractIntent` finds one of the
    /// child's in it, and says whether it did.
    @inlinable static func forwarder(
        _ extractIntent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?
    ) -> @Sendable (Parent.Intent, StoreContext<Parent>, ChildScope) -> Bool {
        { carrier, context, scope in
            guard let (id, intent) = extractIntent(carrier) else { return false }
            context.forward(intent, in: scope, id: id)
            return true
        }
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

    /// This scope, with the child's `execute` and the async work it starts running inside
    /// `environment`, inside the store's: what `MVIDependencies`' `dependencies(_:)` on a
    /// scope is made of.
    package func environment(_ environment: any ExecutionEnvironment) -> Self {
        var scope = self
        scope.parts = parts.running(in: environment)
        return scope
    }

    /// The child's state, `nil` if the child is not there.
    @inlinable package func state(in parent: Parent.State, id: ID) -> Child.State? {
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
    func reduce(_ parent: inout Parent.State, _ message: Child.Message, id: ID) -> Bool {
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
    @inlinable package func intent(_ intent: Child.Intent, id: ID) -> Parent.Intent {
        embedIntent(id, intent)
    }

    /// The parent's message that carries `message` to the child `id`.
    @inlinable package func message(_ message: Child.Message, id: ID) -> Parent.Message {
        embedMessage(id, message)
    }

    /// `rows[42]`, or the name alone for a single child.
    @usableFromInline package func path(id: ID) -> String { ChildPath.component(name, id: id) }
}

extension ChildScope where ID == SingleChild {
    /// The child's state, `nil` if it is not there.
    @inlinable package func state(in parent: Parent.State) -> Child.State? {
        read(parent, .only)
    }

    /// Removes the child from its place (see ``remove(from:id:)``).
    @inlinable @discardableResult
    public func remove(from parent: inout Parent.State) -> Bool {
        remove(from: &parent, id: .only)
    }
}
