/// A handle on an observation; cancelling it, or releasing it, ends the observation.
///
/// Keep it as long as you want updates: like Combine's `AnyCancellable`, it cancels when
/// released.
public final class Subscription: Sendable, Hashable {
    private let onCancel: StoreLock<(@Sendable () -> Void)?>

    /// Creates a subscription that calls `onCancel` once, when cancelled or released.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = StoreLock(onCancel)
    }

    deinit {
        cancel()
    }

    /// Ends the observation. The callback may still run once if the store is delivering to
    /// it on another thread at this moment; never after that.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    /// Keeps the subscription in a set, as Combine's `store(in:)` does.
    public func store(in set: inout Set<Subscription>) {
        set.insert(self)
    }

    /// Identity.
    public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

    /// Identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
