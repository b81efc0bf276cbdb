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
    /// A message from async work, or one sent to the store; its second event is the state
    /// after it.
    case reduction(F.Message)
    /// A further message the intent being executed dispatched before it returned (its first
    /// is in its ``step(_:_:)``); its second event is the state after it. Kept apart from
    /// ``reduction(_:)`` so that the messages an intent dispatched as it ran are known (time
    /// travel skips them with it).
    case followUp(F.Message)
    /// A side effect that was posted.
    case sideEffect(F.SideEffect)
    /// The state, replaced as a whole (``Store/replaceState(with:)``); its one event is the
    /// new state, kept as a checkpoint (so that later states are computed from it, and the
    /// slot stays as small and as trivially copyable as the feature's types allow).
    case replacement
    /// A failure reported to the store's error handler; the error is kept beside the slots
    /// (``RecordLog/failures``), for the same reason.
    case failure

    /// How many events the slot stands for.
    @inlinable package var eventCount: UInt64 {
        switch self {
        case .intent, .sideEffect, .replacement, .failure: 1
        case .reduction, .followUp: 2
        case .step: 3
        }
    }

    /// The message the slot reduced, if it is a reduction.
    @inlinable package var message: F.Message? {
        switch self {
        case .step(_, let message), .reduction(let message), .followUp(let message): message
        case .intent, .sideEffect, .replacement, .failure: nil
        }
    }
}

/// A real state of the store, kept every so many reductions.
@usableFromInline
package struct RecordedCheckpoint<F: Feature>: Sendable {
    /// The sequence number of the state event it is the value of.
    @usableFromInline package let sequence: UInt64
    /// The number of the slot it belongs to, counted from 1 as slots were appended.
    @usableFromInline package let slotNumber: Int
    /// The store's state at that event.
    @usableFromInline package let state: F.State

    @inlinable init(sequence: UInt64, slotNumber: Int, state: F.State) {
        self.sequence = sequence
        self.slotNumber = slotNumber
        self.state = state
    }
}

/// A failure a recorder kept, by the sequence number of its event: beside the slots, so that a
/// slot holds no error (see ``RecordedInput/failure``).
@usableFromInline
package struct RecordedFailure: Sendable {
    /// The sequence number of the failure's event.
    package let sequence: UInt64
    /// What was reported to the store's error handler.
    package let error: StoreError
}

/// How long one recorded intent took to execute, its synchronous reductions included,
/// measured with a monotonic clock while a reader times intents
/// (``RecordingSession/beginTimingIntents()``).
@usableFromInline
package struct IntentTiming: Sendable {
    /// The number of the intent's slot in its log, counted from 1 as slots were appended.
    @usableFromInline package let slotNumber: Int
    /// From just before `execute` to just after it returned.
    @usableFromInline package let nanoseconds: Int64

    @inlinable init(slotNumber: Int, nanoseconds: Int64) {
        self.slotNumber = slotNumber
        self.nanoseconds = nanoseconds
    }
}
