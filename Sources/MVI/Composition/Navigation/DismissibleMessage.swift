/// A child feature's message that asks its parent to remove it: a sheet that closes itself
/// once saved, a screen that pops itself, an alert gone once a button is tapped. The child
/// says it with ``StoreContext/dismiss()`` (or ``WorkContext/dismiss()`` from its
/// async work) and never learns where it lives.
///
/// ```swift
/// enum Message: DismissibleMessage, Equatable {
///     case dismiss
///     case saved(String)
/// }
/// ```
///
/// The message travels like any other, embedded in the parent's (`Message.edit(.dismiss)`),
/// so logs, tests and time travel see it. The store does not hand it to the child's reducer:
/// it removes the child from its place, as the parent would.
/// An optional child becomes `nil`; an enum destination in this child's case becomes `nil`;
/// a child of a collection is removed from it, and a screen of a ``DestinationStack`` is
/// popped with every screen above it. The child's async work then ends with it. A child that
/// always exists (a non-optional place) cannot be removed: its reducer gets the message.
///
/// On a store of its own the feature's reducer gets the message too, and does what standing
/// alone makes of it (usually nothing).
public protocol DismissibleMessage: Sendable {
    /// The message that asks the parent to remove the child: an enum's `case dismiss`
    /// satisfies it.
    static var dismiss: Self { get }

    /// Whether this message is ``dismiss``. An `Equatable` message has it already.
    var isDismiss: Bool { get }
}

extension DismissibleMessage where Self: Equatable {
    /// Whether this message is ``dismiss``.
    @inlinable public var isDismiss: Bool { self == Self.dismiss }
}

/// How a scope tells a child's dismissal from its other messages, decided once when the scope
/// is declared: `nil` when the child's messages are not ``DismissibleMessage``s, so that the
/// reduction of every other child costs one check of an optional. The test store uses it to
/// tell that a feature under test dismissed itself.
@usableFromInline
package func dismissalCheck<Message>(for _: Message.Type) -> (@Sendable (Message) -> Bool)? {
    guard let dismissible = Message.self as? any DismissibleMessage.Type else { return nil }
    return dismissalCheck(opening: dismissible, as: Message.self)
}

private func dismissalCheck<Dismissible: DismissibleMessage, Message>(
    opening _: Dismissible.Type, as _: Message.Type
) -> @Sendable (Message) -> Bool {
    { message in
        // The same type: `Message.self` was cast to `Dismissible.Type` above, so this
        // reinterprets nothing (and skips a dynamic cast on each message).
        unsafeBitCast(message, to: Dismissible.self).isDismiss
    }
}

extension StoreContext where F.Message: DismissibleMessage {
    /// Asks the parent to remove this child (see ``DismissibleMessage``): dispatches
    /// ``DismissibleMessage/dismiss``. The child's work, this call's included, ends with it.
    @inlinable public func dismiss() { dispatch(.dismiss) }
}

extension WorkContext where F.Message: DismissibleMessage {
    /// Asks the parent to remove this child (see ``DismissibleMessage``), from its async work:
    /// dispatches ``DismissibleMessage/dismiss``. This work is cancelled with the child, so
    /// nothing it dispatches afterwards is applied.
    public func dismiss() async { await dispatch(.dismiss) }
}
