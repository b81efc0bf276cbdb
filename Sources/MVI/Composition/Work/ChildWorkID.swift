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
    /// Tells whether the child (and, for a grandchild's work, the grandchild) is still in a
    /// state of the parent that made this id: a ``ChildPresence`` of that parent's state. Not
    /// part of the id's identity.
    @usableFromInline let presence: (any AnyObject & Sendable)?

    @usableFromInline init(
        scope: String, child: some Hashable & Sendable, work: (any Hashable & Sendable)?,
        presence: (any AnyObject & Sendable)? = nil
    ) {
        self.scope = scope
        self.child = AnyHashable(child)
        self.work = work.map { AnyHashable($0) }
        self.presence = presence
    }

    @usableFromInline static func == (lhs: ChildWorkID, rhs: ChildWorkID) -> Bool {
        lhs.scope == rhs.scope && lhs.child == rhs.child && lhs.work == rhs.work
    }

    @usableFromInline func hash(into hasher: inout Hasher) {
        hasher.combine(scope)
        hasher.combine(child)
        hasher.combine(work)
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

/// Whether a child whose work runs in a store is still in the store's state: the check that
/// cancels a child's work when the child goes away (its optional becomes `nil`, its enum case
/// changes, its row is removed, its screen is popped), without the parent asking.
@usableFromInline
final class ChildPresence<Root>: Sendable {
    @usableFromInline let isPresent: @Sendable (Root) -> Bool

    @usableFromInline init(_ isPresent: @escaping @Sendable (Root) -> Bool) { self.isPresent = isPresent }
}

extension ChildScope {
    /// The presence check of the child `id`'s work whose own id is `workID`: the child is in
    /// the parent's state, and so is the grandchild, if the work is a grandchild's.
    @inlinable func presence(of id: ID, work workID: (any Hashable & Sendable)?) -> ChildPresence<Parent.State> {
        let read = read
        let inner = (workID as? ChildWorkID)?.presence as? ChildPresence<Child.State>
        if let inner {
            return ChildPresence { parent in read(parent, id).map(inner.isPresent) ?? false }
        }
        return ChildPresence { parent in read(parent, id) != nil }
    }
}
