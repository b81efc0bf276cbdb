/// An async sender waiting for room in a bounded store, with the intent it sends
/// (``SchedulingStateMachine/waitForRoom(_:continuation:)``).
@usableFromInline
struct RoomWaiter<F: Feature>: Sendable {
    /// Names the wait, so that a sender whose task is cancelled can stop waiting.
    @usableFromInline let id: Int
    /// Queued when room appears, in the order the senders began to wait.
    @usableFromInline let intent: F.Intent
    /// Resumed exactly once: `true` when the intent is queued, `false` when it never will be
    /// (the store was cancelled, or the sender's task). Unsafe, not checked (whose canary is
    /// an allocation per wait): a waiter leaves the machine exactly once, admitted, cancelled
    /// or given up, and whoever takes it out resumes it. `nil` in the machine's tests.
    @usableFromInline let continuation: UnsafeContinuation<Bool, Never>?

    @usableFromInline init(id: Int, intent: F.Intent, continuation: UnsafeContinuation<Bool, Never>?) {
        self.id = id
        self.intent = intent
        self.continuation = continuation
    }
}
