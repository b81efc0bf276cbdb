/// How long one recorded intent took: its `execute`, with the messages it dispatched while it
/// ran reduced and published, measured at the store with a monotonic clock.
///
/// Measured only while a feed that times intents exists (``TimeTravel/makeFeed(timingIntents:)``):
/// with none, a store pays one relaxed atomic load per intent for the possibility.
package struct TimeTravelIntentTiming: Sendable, Hashable {
    /// The intent's event: ``TimeTravelFeedEvent/sequence``. A timing can arrive a read after
    /// its intent (the store keeps it once `execute` returned).
    package let sequence: UInt64
    /// The name the store was registered under.
    package let storeName: String
    /// From just before `execute` to just after it returned.
    package let executionTime: Duration
}
