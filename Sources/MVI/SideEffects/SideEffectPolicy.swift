/// How a store delivers the side effects it posts.
///
/// Side effects are one-shot: navigation, an alert, a toast. The policy says what happens to
/// one that is posted while nobody listens, and which observer gets it when several do.
/// Whatever the policy, a side effect is never lost silently: one dropped because the buffer
/// is full is reported to the store's error handler as ``SideEffectOverflow``.
public struct SideEffectPolicy: Sendable, Hashable {
    /// Who receives a side effect, and what happens when the buffer is full.
    enum Delivery: Sendable, Hashable {
        /// Each side effect goes to exactly one observer; with none, it waits in the buffer.
        /// When the buffer is full, the new side effect is dropped (and reported).
        case buffer
        /// As ``buffer``, but when the buffer is full the oldest waiting side effect is
        /// dropped (and reported) to make room for the new one.
        case dropOldest
        /// Every observer receives every side effect. With no observer, side effects wait in
        /// the buffer and go to the first observer that attaches.
        case broadcast
    }

    /// Who receives a side effect.
    var delivery: Delivery
    /// How many side effects may wait: in the store's buffer, and per observer when
    /// broadcasting. At least 1.
    var capacity: Int

    /// Creates a policy. `capacity` is clamped to at least 1.
    init(delivery: Delivery, capacity: Int) {
        self.delivery = delivery
        self.capacity = max(1, capacity)
    }

    /// One observer gets each side effect; up to `capacity` wait while nobody listens.
    public static func buffer(capacity: Int = 64) -> Self {
        Self(delivery: .buffer, capacity: capacity)
    }

    /// One observer gets each side effect; when full, the oldest waiting one is dropped.
    public static func dropOldest(capacity: Int = 64) -> Self {
        Self(delivery: .dropOldest, capacity: capacity)
    }

    /// Every observer gets every side effect; up to `capacity` wait for the first observer.
    public static func broadcast(capacity: Int = 64) -> Self {
        Self(delivery: .broadcast, capacity: capacity)
    }

    /// The default: ``buffer(capacity:)`` with room for 64.
    public static let `default` = buffer()
}
