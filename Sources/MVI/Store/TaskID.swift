import Synchronization

/// The id of a store's async work.
///
/// A class, so that `TaskID?` is one pointer: it is carried by every work (its slot, its
/// task's closure, its events), and work without an id, the usual case, then copies a null
/// pointer. As a struct around an `AnyHashable`, each copy of `TaskID?` went through value
/// witnesses, paid even with no id. Work with an id pays one allocation for it instead
/// (budgets.tsv: effect-roundtrip).
@usableFromInline
final class TaskID: Hashable, Sendable, CustomStringConvertible {
    nonisolated(unsafe) let base: AnyHashable  // only a Sendable value: the one init takes `some Hashable & Sendable`
    /// For a child's work, the check that the child is still in the store's state (a
    /// ``ChildPresence`` of it, see StoreCore+ChildWork.swift): kept here, read after each
    /// change while children's work runs, so that it is not taken out of `base` (a copy of
    /// the id into an existential box, an allocation) each time.
    @usableFromInline let childPresence: (any AnyObject & Sendable)?

    @usableFromInline init(_ base: some Hashable & Sendable) {
        self.base = AnyHashable(base)
        self.childPresence = (base as? ChildWorkID)?.presence
    }

    /// The id of a run started with `id`, or `nil` for none. Tests for `nil` before touching
    /// the existential: `id.map(TaskID.init)` copied it through generic value witnesses even
    /// when it was `nil`, the usual case (budgets.tsv: effect-roundtrip).
    @inlinable @inline(__always) static func optional(_ id: (any Hashable & Sendable)?) -> TaskID? {
        id == nil ? nil : TaskID(id!)
    }

    @usableFromInline var description: String { String(describing: base.base) }

    /// Equal when the wrapped ids are: two runs started with equal ids share one.
    @usableFromInline static func == (lhs: TaskID, rhs: TaskID) -> Bool {
        lhs === rhs || lhs.base == rhs.base
    }

    @usableFromInline func hash(into hasher: inout Hasher) {
        hasher.combine(base)
    }
}
