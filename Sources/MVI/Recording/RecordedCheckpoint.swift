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
