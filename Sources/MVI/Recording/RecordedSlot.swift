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
