/// What the store asks of a child scope listed in ``Feature/childScopes``: whether one of the
/// parent's intents or messages is for the scope's child, and to run or reduce it there.
///
/// ``ChildScope`` is the one conforming type; the protocol exists so that scopes of different
/// children fit in one list.
public protocol ChildScopeRoute<Parent>: Sendable {
    /// The feature whose scope this is.
    associatedtype Parent: Feature
    /// The scope's name (see ``ChildScope/name``).
    var name: String { get }
    /// Reduces `message` with the child's reducer if its case carries one of the child's
    /// messages.
    ///
    /// - Returns: Whether the case carries a message of this scope's child, there or not.
    func reduce(carried message: Parent.Message, in state: inout Parent.State) -> Bool
    /// Runs `intent` with the child's `execute` if its case carries one of the child's intents.
    ///
    /// - Returns: Whether the intent was for this scope's child (run, or reported as for a
    ///   child not there).
    func forward(carried intent: Parent.Intent, _ context: StoreContext<Parent>) -> Bool
    /// Whether `intent`'s case carries one of the child's intents.
    func carries(_ intent: Parent.Intent) -> Bool
}

/// What the store and the logs ask of a scope besides routing, off the send path: where a
/// value goes (for its name in logs), and what is wrong with the declaration. Internal, and
/// found by a cast from ``ChildScopeRoute`` (``ChildScope`` is the one conforming type), so
/// that the public protocol holds only what routing calls on every intent and message.
protocol ChildScopeDeclaration {
    /// The step of the path (`rows[42]`), the child's own intent or message, and the child's
    /// feature, if `value` (one of the parent's intents or messages) is carried to this
    /// scope's child; `nil` otherwise.
    func route(_ value: Any) -> ChildRouteStep?
    /// What is wrong with the declaration, if anything, for the store to report when it is
    /// created: side effects that go nowhere.
    var declarationProblem: String? { get }
    /// The child's feature type, whose own scopes the store checks too.
    var childFeature: any Feature.Type { get }
    /// Whether the scope is named by its child feature's type (its place is a computed
    /// property): the store reports two scopes of one parent that share such a name.
    var isNamedByType: Bool { get }
}

/// One step of a value's way to a child: see ``ChildScopeDeclaration/route(_:)``.
struct ChildRouteStep {
    /// The step of the path: the scope's name, and the child's id unless it is a single child.
    let step: String
    /// The child's intent or message the value carried.
    let inner: Any
    /// The child's feature, to follow the route further down.
    let child: any Feature.Type
}

extension ChildScope: ChildScopeRoute {
    /// Reduces `message` with the child's reducer if it carries one of the child's messages.
    @inlinable
    public func reduce(carried message: Parent.Message, in state: inout Parent.State) -> Bool {
        parts.reduceCarried(&state, message)
    }

    /// Runs `intent` with the child's `execute` if it carries one of the child's intents.
    @inlinable
    public func forward(carried intent: Parent.Intent, _ context: StoreContext<Parent>) -> Bool {
        parts.forwardCarried(intent, context, self)
    }

    /// Whether `intent`'s case carries one of the child's intents.
    @inlinable
    public func carries(_ intent: Parent.Intent) -> Bool {
        parts.extractIntent(intent) != nil
    }
}

extension ChildScope: ChildScopeDeclaration {
    /// The step to this scope's child if `value` is a `Parent` intent or message carrying one
    /// of the child's, made by this scope's embedding.
    func route(_ value: Any) -> ChildRouteStep? {
        // The case is found as routing finds it (by the enum's tag, `EnumCase`).
        if let intent = value as? Parent.Intent, let (id, inner) = parts.extractIntent(intent) {
            return ChildRouteStep(step: path(id: id), inner: inner, child: Child.self)
        }
        if let message = value as? Parent.Message, let (id, inner) = parts.extractMessage(message) {
            return ChildRouteStep(step: path(id: id), inner: inner, child: Child.self)
        }
        return nil
    }

    /// The child's feature type.
    var childFeature: any Feature.Type { Child.self }

    /// Whether the scope is named by its child feature's type.
    var isNamedByType: Bool { parts.isNamedByType }

    /// Side effects that go nowhere: the child has some, and the declaration gave no
    /// `sideEffects:`.
    var declarationProblem: String? {
        guard parts.dropsSideEffects else { return nil }
        return "\(Parent.self).\(name): \(Child.self) posts side effects (\(Child.SideEffect.self)) and "
            + "its child(…) declaration says nowhere for them to go: pass sideEffects:"
    }
}

extension Feature {
    /// Runs `intent`: first with a child's `execute` when one of ``childScopes`` carries it,
    /// then with this feature's, which sees a child's intent after the child has run it (to
    /// react: push a screen, send another intent), as TCA's parent reducers see their
    /// children's actions. What every store and parent calls instead of `execute`.
    @inlinable
    func executeRouting(_ intent: Intent, _ context: StoreContext<Self>) {
        // By index: each scope is borrowed from the array, not copied out of it.
        let scopes = Self.childScopes
        for index in scopes.indices where scopes[index].forward(carried: intent, context) { break }
        execute(intent, context)
    }

    /// Whether one of ``childScopes`` carries `intent` to a child.
    @inlinable
    static func isChildIntent(_ intent: Intent) -> Bool {
        let scopes = childScopes
        for index in scopes.indices where scopes[index].carries(intent) { return true }
        return false
    }

    /// Reduces `message`: first with a child's reducer when one of ``childScopes`` carries it,
    /// then with ``reduce(_:_:)``, which sees a child's message after the child has reduced it
    /// (to keep its own state around the child's: a selection, a count), as TCA's parent
    /// reducers see their children's actions.
    @inlinable
    static func reduceRouting(_ state: inout State, _ message: Message) {
        let scopes = childScopes
        for index in scopes.indices where scopes[index].reduce(carried: message, in: &state) { break }
        reduce(&state, message)
    }

    /// The first step of `value`'s route among this feature's scopes.
    static func routeStep(of value: Any) -> ChildRouteStep? {
        for scope in childScopes {
            if let step = (scope as? any ChildScopeDeclaration)?.route(value) { return step }
        }
        return nil
    }

    /// What is wrong with this feature's children and theirs, for a store to report when it
    /// is created: side effects that go nowhere. Each feature type is looked at once, so a
    /// feature that holds itself (a thread of replies) ends.
    static func childDeclarationProblems() -> [String] {
        var problems: [String] = []
        var seen: Set<ObjectIdentifier> = []
        collectChildDeclarationProblems(into: &problems, seen: &seen)
        return problems
    }

    static func collectChildDeclarationProblems(into problems: inout [String], seen: inout Set<ObjectIdentifier>) {
        guard seen.insert(ObjectIdentifier(Self.self)).inserted else { return }
        let scopes = childScopes
        for (index, route) in scopes.enumerated() {
            guard let scope = route as? any ChildScopeDeclaration else { continue }
            if let problem = scope.declarationProblem { problems.append(problem) }
            // The cases of one stored place share its name on purpose; a name made from the
            // child's type is shared by accident, and with it the children's work ids.
            if scope.isNamedByType, scopes[..<index].contains(where: { $0.name == route.name }) {
                problems.append(
                    "\(Self.self).\(route.name): two children share this name, made from the child's type "
                        + "because their places are computed properties, and with it their work ids: "
                        + "place one of them at a stored property")
            }
            scope.childFeature.collectChildDeclarationProblems(into: &problems, seen: &seen)
        }
    }
}

extension ChildScope {
    /// Reports, once per scope, a handle asked of a scope its parent does not list in
    /// ``Feature/childScopes``: the store never routes that child's intents and messages, so
    /// the parent's `execute` and `reduce` would get them and the child nothing. `store` is
    /// the store the handle goes through (the grandchild's is its grandparent's).
    func reportIfUnlisted<Outer: Feature>(to store: Store<Outer>) {
        let scopes = Parent.childScopes
        guard !scopes.contains(where: { ($0 as? Self)?.parts === parts }) else { return }
        guard
            parts.reportedUnlisted.withLock({ reported in
                defer { reported = true }
                return !reported
            })
        else { return }
        let problem =
            "\(Parent.self).\(name): this scope is not in \(Parent.self).childScopes, so the store "
            + "routes none of \(Child.self)'s intents and messages to it: add it to the list"
        store.core.report(
            StoreError(storeName: store.name, origin: .misuse, underlying: StoreMisuse.childDeclaration(problem)))
    }
}

extension StoreCore {
    /// Reports what is wrong with the feature's child declarations, once, as the store is
    /// created (``StoreMisuse/childDeclaration(_:)``), and copies in the initial state of an
    /// element its shared elements' source does not hold
    /// (``StoreMisuse/sharedElementNotInSource(_:)``). Out of line: only a feature with
    /// children calls it.
    @usableFromInline func reportChildDeclarationProblems() {
        for problem in F.childDeclarationProblems() {
            report(StoreError(storeName: name, origin: .misuse, underlying: StoreMisuse.childDeclaration(problem)))
        }
        // The screens a parent's shared elements are copied into are its children's.
        let initial = state
        for rule in F.sharedElements {
            for problem in rule.problems(initial) {
                report(
                    StoreError(
                        storeName: name, origin: .misuse,
                        underlying: StoreMisuse.sharedElementNotInSource("\(F.self).\(problem)")))
            }
        }
    }
}
