/// A change of a ``DestinationStack`` that navigation asks for: a tap that pushes a screen, a
/// back button, a link that goes back to the root. One intent case and one message case carry
/// it, and the parent's reducer applies it in one line, instead of an intent, a message and a
/// reduction for each way of moving:
///
/// ```swift
/// enum Intent: Sendable { case path(StackChange<Screen>), … }
/// enum Message: Sendable { case path(StackChange<Screen>), … }
///
/// case .path(let change): state.path.apply(change)    // reduce
/// case .path(let change): context.dispatch(.path(change))    // execute
/// ```
///
/// Like every message, it is logged, kept by time travel and replayed, and a test asserts it.
/// A screen popped takes its children's async work with it, as for any removal.
public enum StackChange<Screen> {
    /// Pushes a screen on top (with a new id, never used before).
    case push(Screen)
    /// Pops the screen with this id and every screen above it; nothing if no screen has it.
    case pop(from: Int)
    /// Pops the top screen, if there is one (a back button).
    case back
    /// Pops every screen, back to the root.
    case popToRoot
}

extension StackChange: Sendable where Screen: Sendable {}
extension StackChange: Equatable where Screen: Equatable {}
extension StackChange: Hashable where Screen: Hashable {}

extension DestinationStack {
    /// Applies a change that navigation asked for (see ``StackChange``).
    public mutating func apply(_ change: StackChange<State>) {
        switch change {
        case .push(let screen): push(screen)
        case .pop(let id): pop(from: id)
        case .back: pop()
        case .popToRoot: removeAll()
        }
    }
}
