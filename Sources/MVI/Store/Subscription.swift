/// A handle on an observation; cancelling it, or releasing it, ends the observation.
///
/// Keep it as long as you want updates: like Combine's `AnyCancellable`, it cancels when
/// released.
public final class Subscription: @unchecked Sendable, Hashable {  // `onCancel` and `gate` are touched only under `lock`
    /// Guards `onCancel` and `gate`. A ``Lock`` beside the field rather than a ``StoreLock``, which would
    /// allocate the closure's storage apart: a subscription is one allocation.
    private let lock = Lock()
    private var onCancel: (@Sendable () -> Void)?
    /// A store's observer: cancelling closes its gate, which then asks its store to drop it,
    /// so the subscription needs no closure. Let go of on cancel, with what its callback
    /// captures, as `onCancel` is.
    private var gate: CallbackGate?

    /// Creates a subscription that calls `onCancel` once, when cancelled or released.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
        self.gate = nil
    }

    /// A subscription that closes `gate` when cancelled or released.
    init(closing gate: CallbackGate) {
        self.onCancel = nil
        self.gate = gate
    }

    deinit {
        cancel()
    }

    /// Ends the observation. The callback may still run once if the store is delivering to
    /// it on another thread at this moment; never after that.
    public func cancel() {
        let (action, gate) = lock.withLock {
            defer {
                onCancel = nil
                self.gate = nil
            }
            return (onCancel, self.gate)
        }
        gate?.cancel()
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
