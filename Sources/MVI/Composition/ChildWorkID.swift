/// The id under which a parent's store runs a child's async work: the child's place and the id
/// the child gave, so that two children's ids never collide and a parent can cancel all the
/// work of one child.
@usableFromInline
struct ChildWorkID: Hashable, Sendable, CustomStringConvertible {
    /// The scope's name (`rows`).
    let scope: String
    // AnyHashable is not Sendable, but both wrap Sendable values: the only initializer takes
    // them as `Hashable & Sendable`.
    nonisolated(unsafe) let child: AnyHashable
    nonisolated(unsafe) let work: AnyHashable?

    @usableFromInline init(scope: String, child: some Hashable & Sendable, work: (any Hashable & Sendable)?) {
        self.scope = scope
        self.child = AnyHashable(child)
        self.work = work.map { AnyHashable($0) }
    }

    /// Whether this id belongs to the child `child` of `scope`.
    func belongs(toScope scope: String, child: AnyHashable) -> Bool {
        self.scope == scope && self.child == child
    }

    @usableFromInline var description: String {
        let path = ChildPath.component(scope, id: child.base)
        guard let work else { return path }
        return "\(path)/\(work.base)"
    }
}
