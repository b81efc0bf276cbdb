/// Where a child's side effect goes: to the parent, as an intent it handles or a message it
/// reduces, or out of the parent's store as one of its side effects, for the child's view to
/// receive.
public enum ChildSideEffect<Parent: Feature>: Sendable {
    /// The parent handles it: the intent is sent to the parent's store.
    case send(Parent.Intent)
    /// The parent reduces it: the message is dispatched at once, in order with the child's
    /// own messages (a child's "saved" becoming the parent's `renamed`), with no intent to
    /// write for it.
    case dispatch(Parent.Message)
    /// The parent's store posts it, for the views that listen.
    case post(Parent.SideEffect)
    /// Nobody needs it.
    case ignore
}
