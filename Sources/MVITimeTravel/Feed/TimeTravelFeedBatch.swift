/// What one ``TimeTravelFeed/read()`` found.
package struct TimeTravelFeedBatch: Sendable {
    /// The timeline started over since the previous read (a new recording, or an import):
    /// forget the events read before; ``events`` are the new timeline's.
    package var isReset: Bool
    /// The events since the previous read, each store's in order. Events of different stores
    /// are in sequence order within a batch; one store's event can arrive a batch after
    /// another store's event with a higher number, so a reader that keeps them in order
    /// inserts by ``TimeTravelFeedEvent/sequence``.
    package var events: [TimeTravelFeedEvent]
    /// Events the recording dropped before this read could copy them (the reader fell more
    /// than `maxEvents` behind), counted as the recorder's slots, each one to three events:
    /// at least this many events are missing.
    package var droppedEvents: Int
    /// The controller's mode at the time of the read.
    package var mode: TimeTravel.Mode
    /// How long intents took, for a feed made with `timingIntents: true`: those measured
    /// since the previous read, by their intents' sequence numbers (empty otherwise).
    package var intentTimings: [TimeTravelIntentTiming] = []
}
