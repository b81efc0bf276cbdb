/// A bounded store's bound (``SchedulingStateMachine/Extras/inputBound``): how many inputs may
/// wait. Made only for a store created with a limit, so that an unbounded store carries one
/// empty reference for all of it. Not generic, so that the machine's layout and
/// the code every store runs do not depend on the feature for it; the object is always an
/// ``InputBoundWaiters`` of the store's feature, which adds the waiting senders.
@usableFromInline
class InputBound: @unchecked Sendable {  // its mutable fields: only the store's machine, under its lock
    /// How many inputs may be queued or held before senders outside the store are refused or
    /// wait.
    @usableFromInline final let capacity: Int
    /// The last id handed to a waiter (``SchedulingStateMachine/waitForRoom(_:continuation:)``).
    @usableFromInline final var lastWaiterID = 0
    /// Intents refused at the bound since the store was created.
    @usableFromInline final var refusedInputCount = 0

    /// A bound of `capacity` inputs. The inputs waiting are the machine's count
    /// (``SchedulingStateMachine/queuedInputCount``), which every store keeps.
    @usableFromInline init(capacity: Int) {
        self.capacity = capacity
    }
}
