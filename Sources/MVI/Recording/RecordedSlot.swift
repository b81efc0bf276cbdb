/// One slot of a store's recording: the events one input produced, one to three of them.
///
/// The common case, an intent that dispatches a message, takes one slot for three events
/// (intent, message, state after it). A slot keeps no state: states are the reducer's
/// output, so the recording keeps the messages and, every so many slots, one real state (a
/// checkpoint); a state in between is the checkpoint before it with the messages since
/// reduced into it, computed when someone reads it.
@usableFromInline
package struct RecordedSlot<F: Feature>: Sendable {
    /// The sequence number of the slot's first event; the others follow it directly.
    @usableFromInline package let sequence: UInt64
    /// When the slot was recorded, in nanoseconds since 1970, to the session's clock
    /// (``RecordingSession/now``, kept to the millisecond).
    @usableFromInline package let time: Int64
    /// What was recorded.
    @usableFromInline package let input: RecordedInput<F>

    @inlinable init(sequence: UInt64, time: Int64, input: RecordedInput<F>) {
        self.sequence = sequence
        self.time = time
        self.input = input
    }

    /// The sequence number of the slot's last event (for a reduction, its state event).
    @inlinable package var lastSequence: UInt64 { sequence &+ input.eventCount &- 1 }
}

/// What a slot holds, typed and as it is: no description and no encoding until asked.
@usableFromInline
package enum RecordedInput<F: Feature>: Sendable {
    /// An intent that dispatched nothing before it returned or posted a side effect.
    case intent(F.Intent)
    /// An intent and the first message it dispatched; its third event is the state after it.
    case step(F.Intent, F.Message)
    /// A message (a further one of an intent, or one from async work); its second event is
    /// the state after it.
    case reduction(F.Message)
    /// A side effect that was posted.
    case sideEffect(F.SideEffect)

    /// How many events the slot stands for.
    @inlinable package var eventCount: UInt64 {
        switch self {
        case .intent, .sideEffect: 1
        case .reduction: 2
        case .step: 3
        }
    }

    /// The message the slot reduced, if it is a reduction.
    @inlinable package var message: F.Message? {
        switch self {
        case .step(_, let message), .reduction(let message): message
        case .intent, .sideEffect: nil
        }
    }
}

/// A real state of the store, kept every so many reductions.
@usableFromInline
package struct RecordedCheckpoint<F: Feature>: Sendable {
    /// The sequence number of the state event it is the value of.
    @usableFromInline package let sequence: UInt64
    /// The number of the slot it belongs to, counted from 1 as slots were appended.
    @usableFromInline let slotNumber: Int
    /// The store's state at that event.
    @usableFromInline package let state: F.State

    @inlinable init(sequence: UInt64, slotNumber: Int, state: F.State) {
        self.sequence = sequence
        self.slotNumber = slotNumber
        self.state = state
    }
}

/// A copy of a store's recording, for the controller to read.
package struct RecordedHistory<F: Feature>: Sendable {
    /// The state before the first slot: where the recording began, or a state the oldest
    /// slots were dropped up to.
    package var baseline: F.State?
    /// The slots, oldest first.
    package var slots: [RecordedSlot<F>]
    /// The checkpoints among them, oldest first.
    package var checkpoints: [RecordedCheckpoint<F>]

    /// Every event's value, oldest first, each state computed from the checkpoint before it
    /// with the messages since reduced into it.
    package func forEachEvent(_ body: (_ sequence: UInt64, _ time: Int64, _ value: RecordedValue<F>) -> Void) {
        var state = baseline
        var checkpointIndex = 0
        for slot in slots {
            var sequence = slot.sequence
            func emit(_ value: RecordedValue<F>) {
                body(sequence, slot.time, value)
                sequence += 1
            }
            switch slot.input {
            case .intent(let intent):
                emit(.intent(intent))
            case .sideEffect(let sideEffect):
                emit(.sideEffect(sideEffect))
            case .step(let intent, let message):
                emit(.intent(intent))
                emit(.message(message))
            case .reduction(let message):
                emit(.message(message))
            }
            guard let message = slot.input.message else { continue }
            while checkpointIndex < checkpoints.count && checkpoints[checkpointIndex].sequence < sequence {
                checkpointIndex += 1
            }
            if checkpointIndex < checkpoints.count && checkpoints[checkpointIndex].sequence == sequence {
                state = checkpoints[checkpointIndex].state
            } else if state != nil {
                F.reduce(&state!, message)
            }
            emit(state.map { .state($0) } ?? .unknownState)
        }
    }
}

/// One event's value, as ``RecordedHistory/forEachEvent(_:)`` reads it.
package enum RecordedValue<F: Feature>: Sendable {
    /// An intent, before it was executed.
    case intent(F.Intent)
    /// A message, before it was reduced.
    case message(F.Message)
    /// The state after a message.
    case state(F.State)
    /// A side effect that was posted.
    case sideEffect(F.SideEffect)
    /// A state the recording cannot compute: it began without a state to start from.
    case unknownState
}
