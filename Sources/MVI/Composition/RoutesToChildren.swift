/// A feature whose logs, time travel and test failures name the child each intent or message
/// is for (`TodoList/rows[42]`), from the scopes it declared: nothing to spell by hand.
///
/// ```swift
/// extension TodoList: RoutesToChildren {
///     static var childScopes: [any ChildScopeRoute<TodoList>] { [rows, detail] }
/// }
/// ```
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

/// What a ``ChildScope`` tells about a parent's intent or message: whether it is for the
/// scope's child, and which one (``RoutesToChildren``).
public protocol ChildScopeRoute<Parent>: Sendable {
    /// The feature whose scope this is.
    associatedtype Parent: Feature

    /// The step of the path (`rows[42]`), the child's own intent or message, and the child's
    /// feature, if `value` (one of `Parent`'s intents or messages) is carried to this scope's
    /// child; `nil` otherwise.
    func route(_ value: Any) -> ChildRouteStep?
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
    /// The step to this scope's child if `value` is a `Parent` intent or message carrying one
    /// of the child's, made by this scope's embedding.
    public func route(_ value: Any) -> ChildRouteStep? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let carried = mirror.children.first, let label = carried.label else {
            return nil
        }
        let id: ID
        let inner: Any
        if let only = SingleChild.only as? ID {
            id = only
            inner = carried.value
        } else {
            let payload = Mirror(reflecting: carried.value)
            guard payload.displayStyle == .tuple, payload.children.count == 2 else { return nil }
            let parts = Array(payload.children)
            guard let childID = parts[0].value as? ID else { return nil }
            id = childID
            inner = parts[1].value
        }
        if value is Parent.Intent, let intent = inner as? Child.Intent,
            caseLabel(of: embedIntent(id, intent)) == label
        {
            return ChildRouteStep(step: path(id: id), inner: intent, child: Child.self)
        }
        if value is Parent.Message, let message = inner as? Child.Message,
            caseLabel(of: embedMessage(id, message)) == label
        {
            return ChildRouteStep(step: path(id: id), inner: message, child: Child.self)
        }
        return nil
    }
}

/// The case name of an enum value.
private func caseLabel(of value: Any) -> String? {
    Mirror(reflecting: value).children.first?.label
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
