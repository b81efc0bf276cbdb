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
