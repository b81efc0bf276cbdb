/// A handle on an observation; cancelling it, or releasing it, ends the observation.
///
/// Keep it as long as you want updates: like Combine's `AnyCancellable`, it cancels when
/// released.
public final class Subscription: @unchecked Sendable, Hashable {  // `target` is touched only under `lock`
    /// What cancelling ends, let go of on cancel (with what its observer captures). Declared
    /// before `lock` so that the two pack into 24 bytes: with the object's header, 40, which
    /// the allocator serves from a 48-byte block rather than a 64-byte one.
    private var target: Target?
    /// Guards `target`. A ``Lock`` beside the field rather than a ``Locked``, which would
    /// allocate the field's storage apart: a subscription is one allocation (budgets.tsv:
    /// subscribe).
    private let lock = Lock()

    /// What a subscription ends.
    private enum Target {
        /// A closure to call once.
        case action(@Sendable () -> Void)
        /// A store's observer: closing its gate asks its store to drop it, so no closure
        /// is needed.
        case gate(ObserverGate)
    }

    /// Creates a subscription that calls `onCancel` once, when cancelled or released.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.target = .action(onCancel)
    }

    /// A subscription that closes `gate` when cancelled or released.
    init(closing gate: ObserverGate) {
        self.target = .gate(gate)
    }

    deinit {
        cancel()
    }

    /// Ends the observation. The observer may still run once if the store is delivering to
    /// it on another thread at this moment; never after that.
    public func cancel() {
        let target = lock.withLock {
            defer { self.target = nil }
            return self.target
        }
        switch target {
        case .gate(let gate): gate.cancel()
        case .action(let action): action()
        case nil: break
        }
    }

    /// Identity.
    public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

    /// Identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
