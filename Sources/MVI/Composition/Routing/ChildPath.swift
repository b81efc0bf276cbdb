/// How children are named in logs, time travel and work ids: `rows[42]`, `editor`, and a path
/// of them from the store, `TodoList/rows[42]`.
public enum ChildPath {
    /// One step of a path: the scope's name, and the child's id in brackets unless it is a
    /// ``SingleChild``.
    package static func component(_ scope: String, id: Any) -> String {
        if id is SingleChild { return scope }
        return "\(scope)[\(id)]"
    }

    /// The path of the children an intent or message of `feature` is routed to, outermost
    /// first, or `nil` if it is the feature's own: by the feature's ``Feature/childScopes`` at
    /// each level.
    package static func of(_ value: Any, in feature: any Feature.Type) -> [String]? {
        var path: [String] = []
        var current: Any = value
        var currentFeature = feature
        while let step = currentFeature.routeStep(of: current) {
            path.append(step.step)
            current = step.inner
            currentFeature = step.child
        }
        return path.isEmpty ? nil : path
    }

    /// `store/child/grandchild` for an intent or message of `feature` routed to a child (the
    /// scopes' names and ids, by the feature's ``Feature/childScopes``), else the store's name.
    public static func name(of value: Any, in feature: any Feature.Type, inStore storeName: String) -> String {
        guard let path = of(value, in: feature) else { return storeName }
        return ([storeName] + path).joined(separator: "/")
    }
}
