/// A bounded store's bound with its async senders waiting for room: the object behind
/// ``SchedulingStateMachine/Extras/inputBound``.
@usableFromInline
final class InputBoundWaiters<F: Feature>: InputBound, @unchecked Sendable {  // `roomWaiters`: machine only, locked
    /// Async senders waiting for room, in arrival order, each with its intent.
    @usableFromInline var roomWaiters = FIFOQueue<RoomWaiter<F>>()
    /// The waiter whose intent the last transition queued, for the scheduler to resume
    /// outside the lock (``SchedulingStateMachine/takeAdmittedSender()``).
    @usableFromInline var admittedSender: RoomWaiter<F>?

    /// A bound of `capacity` inputs, no sender waiting.
    @usableFromInline override init(capacity: Int) {
        super.init(capacity: capacity)
    }

    /// A copy, for a copy of the machine about to write it.
    @usableFromInline func copy() -> InputBoundWaiters<F> {
        let copy = InputBoundWaiters(capacity: capacity)
        copy.lastWaiterID = lastWaiterID
        copy.refusedInputCount = refusedInputCount
        copy.roomWaiters = roomWaiters
        copy.admittedSender = admittedSender
        return copy
    }

    /// The bound after the store is cancelled: nothing waits any more, the counts of refusals
    /// and waiters' ids kept.
    func emptied() -> InputBoundWaiters<F> {
        let emptied = InputBoundWaiters(capacity: capacity)
        emptied.lastWaiterID = lastWaiterID
        emptied.refusedInputCount = refusedInputCount
        return emptied
    }
}
