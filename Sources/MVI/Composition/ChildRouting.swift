/// An intent or message type whose cases route to child features, so that logging and time
/// travel name the child (`TodoList/rows[42]`) instead of printing a nested enum.
///
/// List the cases that carry a child's intent or message; their payload is `(id, child's
/// value)` for a collection and `(child's value)` for a single child, as
/// `Feature.child(_:in:name:intent:message:sideEffects:)` builds them.
///
/// ```swift
/// extension TodoList.Intent: ChildRouting {
///     static let childCases: Set<String> = ["rows", "editor"]
/// }
/// ```
public protocol ChildRouting {
    /// The names of the cases that carry a child's value.
    static var childCases: Set<String> { get }
}

extension ChildRouting {
    /// The step (`rows[42]`) and the child's value, if this value is routed to a child.
    func childRoute() -> (String, Any)? {
        let mirror = Mirror(reflecting: self)
        guard mirror.displayStyle == .enum, let route = mirror.children.first, let label = route.label,
            Self.childCases.contains(label)
        else { return nil }
        let payload = Mirror(reflecting: route.value)
        if payload.displayStyle == .tuple, payload.children.count == 2 {
            let parts = Array(payload.children)
            return (ChildPath.component(label, id: parts[0].value), parts[1].value)
        }
        return (label, route.value)
    }
}
