/// What a child's ``StoreContext`` asks of its parent, through one closure made where the
/// parent forwards the intent, and code specialized for the parent's and the child's types
/// (budgets.tsv: child-in-10, child-in-10k).
@usableFromInline
enum ChildRequest<F: Feature> {
    case state
    case storeName
    // No call sites here: carried by value, they grew every request and cost a forwarded
    // child's dispatch an allocation (`child-in-10-working`); a child's input shows the
    // parent's `forward` as its call site instead.
    case dispatch(F.Message)
    case post(F.SideEffect)
    case send(F.Intent)
    // The work requests are boxed (`indirect`): `TaskPriority` is a resilient type, whose
    // size is known only at run time, and a payload holding one made every `ChildRequest`
    // copy, destroy and switch go through value witnesses, on the send path too (callgrind:
    // about 260 of a forwarded intent's instructions). Boxed, the enum has a fixed layout
    // and the rare work requests pay an allocation.
    /// `onlyIfIdle`: not started while work with the same id runs (``StoreContext/throttle(id:for:clock:priority:_:)``).
    indirect case run(
        id: (any Hashable & Sendable)?, cancelInFlight: Bool, onlyIfIdle: Bool, priority: TaskPriority?,
        operation: @Sendable (WorkContext<F>) async throws -> Void)
    indirect case cancel(any Hashable & Sendable)
    case cancelWork(@Sendable (AnyHashable) -> Bool)
    /// An intent for a grandchild (or deeper) that is not there: its path below the child,
    /// and the intent as text.
    indirect case absentChild(path: String, intent: String)
}

/// The parent's answer: the child's state, the store's name, or nothing.
@usableFromInline
enum ChildAnswer<F: Feature> {
    case state(F.State)
    case storeName(String)
    case done
}

/// The link from a child's context to its parent's.
@usableFromInline
typealias ChildLink<F: Feature> = (ChildRequest<F>) -> ChildAnswer<F>
