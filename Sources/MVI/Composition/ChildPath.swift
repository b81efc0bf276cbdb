/// How children are named in logs, time travel and work ids: `rows[42]`, `editor`, and a path
/// of them from the store, `TodoList/rows[42]`.
public enum ChildPath {
    /// One step of a path: the scope's name, and the child's id in brackets unless it is a
    /// ``SingleChild``.
    public static func component(_ scope: String, id: Any) -> String {
        if id is SingleChild { return scope }
        return "\(scope)[\(id)]"
    }

    /// The path of the children an intent or message is routed to, outermost first, or `nil`
    /// if it is the parent's own. Only values of ``ChildRouting`` types are looked into.
    public static func of(_ value: Any) -> [String]? {
        var path: [String] = []
        var current: Any = value
        while let routing = current as? any ChildRouting, let (step, inner) = routing.childRoute() {
            path.append(step)
            current = inner
        }
        return path.isEmpty ? nil : path
    }

    /// `store/child/grandchild` for a value routed to a child, else the store's name.
    public static func name(of value: Any, inStore storeName: String) -> String {
        guard let path = of(value) else { return storeName }
        return ([storeName] + path).joined(separator: "/")
    }
}
