/// A feature that lists its child scopes once: its `reduce` and `execute` hand whatever is
/// for a child to ``reduceChildren(_:_:)`` and ``StoreContext/forwardToChildren(_:)`` in one
/// line each, and its logs, time travel and test failures name the child each intent or
/// message is for (`TodoList/rows[42]`): nothing to spell by hand.
///
/// ```swift
/// extension TodoList: RoutesToChildren {
///     static let childScopes: [any ChildScopeRoute<TodoList>] = [rows, detail]
/// }
///
/// static func reduce(_ state: inout State, _ message: Message) {
///     switch message {
///     case .cleared: state.rows.removeAll { $0.isDone }
///     default: reduceChildren(&state, message)
///     }
/// }
///
/// func execute(_ intent: Intent, _ context: StoreContext<Self>) {
///     switch intent {
///     case .clearTapped: context.dispatch(.cleared)
///     default: context.forwardToChildren(intent)
///     }
/// }
/// ```
///
/// Declare `childScopes` with `static let`: the routing reads it for each intent and message
/// it routes, and a `static var` with a body would build the array each time. To be forwarded
/// to, a scope is declared with the child's feature (`child(Todo(), in: \.rows, …)`) rather
/// than its type, so that the parent need not make one for each intent.
///
/// A value is routed to a scope's child when its case carries that child's intent or message
/// (with the child's id for a collection) and the scope's own embedding makes the same case,
/// so two cases that carry the same child feature (`add` and `edit`, both a form) stay apart.
/// A child that is itself `RoutesToChildren` extends the path (`Meetings/path[3]/destination`).
/// A scope left out of the list is not named; nothing else changes.
public protocol RoutesToChildren: Feature {
    /// The feature's child scopes, as declared with `child(...)`.
    static var childScopes: [any ChildScopeRoute<Self>] { get }
}

extension RoutesToChildren {
    /// Reduces `message` with the child scope, among ``childScopes``, whose case carries it:
    /// the child's reducer runs in place, as ``ChildScope/reduce(_:_:id:)`` does. A message
    /// for a child that is not there changes nothing.
    ///
    /// - Returns: Whether a scope carries `message` (`false` for the feature's own messages).
    @inlinable @discardableResult
    public static func reduceChildren(_ state: inout State, _ message: Message) -> Bool {
        // By index: each scope is borrowed from the array, not copied out of it.
        let scopes = childScopes
        for index in scopes.indices where scopes[index].reduce(carried: message, in: &state) { return true }
        return false
    }
}

extension StoreContext where F: RoutesToChildren {
    /// Runs `intent` with the child's own `execute`, if one of the feature's ``RoutesToChildren/childScopes``
    /// carries it and was declared with the child's feature, as
    /// ``forward(_:to:in:id:)`` does: an intent for a child that is not there is dropped and
    /// reported.
    ///
    /// - Returns: Whether a scope carried `intent` (`false` for the feature's own intents,
    ///   and for a child declared with its type alone).
    @inlinable @discardableResult
    public func forwardToChildren(_ intent: F.Intent) -> Bool {
        // By index: each scope is borrowed from the array, not copied out of it.
        let scopes = F.childScopes
        for index in scopes.indices where scopes[index].forward(carried: intent, self) { return true }
        return false
    }
}

/// What a ``ChildScope`` tells about a parent's intent or message: whether it is for the
/// scope's child, and which one (``RoutesToChildren``).
public protocol ChildScopeRoute<Parent>: Sendable {
    /// The feature whose scope this is.
    associatedtype Parent: Feature

    /// The step of the path (`rows[42]`), the child's own intent or message, and the child's
    /// feature, if `value` (one of `Parent`'s intents or messages) is carried to this scope's
    /// child; `nil` otherwise.
    func route(_ value: Any) -> ChildRouteStep?

    /// Reduces `message` with the child's reducer if its case carries one of the child's
    /// messages (what ``RoutesToChildren/reduceChildren(_:_:)`` asks of each scope).
    ///
    /// - Returns: Whether the case carries a message of this scope's child, there or not.
    func reduce(carried message: Parent.Message, in state: inout Parent.State) -> Bool

    /// Runs `intent` with the child's `execute` if its case carries one of the child's
    /// intents and the scope was declared with the child's feature (what
    /// ``StoreContext/forwardToChildren(_:)`` asks of each scope).
    ///
    /// - Returns: Whether the intent was carried to the child (or reported as for a child
    ///   not there).
    func forward(carried intent: Parent.Intent, _ context: StoreContext<Parent>) -> Bool
}

/// One step of a value's way to a child: see ``ChildScopeRoute/route(_:)``.
public struct ChildRouteStep {
    /// The step of the path: the scope's name, and the child's id unless it is a single child.
    public let step: String
    /// The child's intent or message the value carried.
    public let inner: Any
    /// The child's feature, to follow the route further down.
    public let child: any Feature.Type
}

extension ChildScope: ChildScopeRoute {
    /// Reduces `message` with the child's reducer if it carries one of the child's messages.
    @inlinable
    public func reduce(carried message: Parent.Message, in state: inout Parent.State) -> Bool {
        parts.reduceCarried(&state, message)
    }

    /// Runs `intent` with the child's `execute` if it carries one of the child's intents and
    /// the scope was declared with the child's feature.
    @inlinable
    public func forward(carried intent: Parent.Intent, _ context: StoreContext<Parent>) -> Bool {
        parts.forwardCarried?(intent, context) ?? false
    }

    /// The step to this scope's child if `value` is a `Parent` intent or message carrying one
    /// of the child's, made by this scope's embedding.
    public func route(_ value: Any) -> ChildRouteStep? {
        // The case is found as routing finds it (by the enum's tag, `EnumCase`).
        if let intent = value as? Parent.Intent, let (id, inner) = parts.extractIntent(intent) {
            return ChildRouteStep(step: path(id: id), inner: inner, child: Child.self)
        }
        if let message = value as? Parent.Message, let (id, inner) = parts.extractMessage(message) {
            return ChildRouteStep(step: path(id: id), inner: inner, child: Child.self)
        }
        return nil
    }
}

extension RoutesToChildren {
    /// The first step of `value`'s route among this feature's scopes.
    static func routeStep(of value: Any) -> ChildRouteStep? {
        for scope in childScopes {
            if let step = scope.route(value) { return step }
        }
        return nil
    }
}
