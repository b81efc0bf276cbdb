/// Where a child's side effect goes: to the parent, as an intent it handles, or out of the
/// parent's store as one of its side effects, for the child's view to receive.
public enum ChildSideEffect<Parent: Feature>: Sendable {
    /// The parent handles it: the intent is sent to the parent's store.
    case send(Parent.Intent)
    /// The parent's store posts it, for the views that listen.
    case post(Parent.SideEffect)
    /// Nobody needs it.
    case ignore
}
