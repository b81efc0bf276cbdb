import MVI
import MVIJSON

/// The recorded history of one store in the timeline: live (typed payloads) or imported
/// (JSON from a file). Called only under the controller's lock.
protocol Track: AnyObject, Sendable {
    var name: String { get }
    /// The store's id in the file it was imported from; `nil` for a live track, whose id in
    /// an export is its position in the timeline.
    var recordedID: Int? { get }
    var typeNames: TimeTravelRecording.TypeNames { get }
    /// Copies the store's events out of its recorder (those numbered from `origin` on),
    /// appending their entries, numbered from 1 at `origin`; `local` counts from 0 again.
    /// Imported tracks never change.
    func refresh(track id: Int32, origin: UInt64, into entries: inout [Entry])
    /// The timeline was copied out for good (recording stopped): the recorder's copy can go.
    func freeze()
    /// Removes the `count` oldest payloads; the last state among them becomes the baseline.
    func dropFirst(_ count: Int)
    func describe(local: Int) -> String
    /// The value at `local` for a feed: typed for a live track, as recorded for an imported one.
    func feedValue(local: Int) -> TimeTravelFeedEvent.Value
    /// A reader of the events this track's recorder appends, for a ``TimeTravelFeed``;
    /// `nil` for a track that never changes (imported).
    func makeTail() -> (any FeedTail)?
    /// The child an intent or message is routed to (`rows[42]`), if one of its feature's
    /// `childScopes` carries it.
    func childPath(local: Int) -> String?
    func encode(local: Int) -> JSONValue?
    var baselineDescription: String? { get }
    func encodeBaseline() -> JSONValue?
    /// What to run, outside the lock, to replay the intent or message at `local`; `nil` if
    /// this track cannot (imported, or its store is gone).
    func prepareReplay(local: Int) -> PreparedReplay?
    /// What to run, outside the lock, to show the state at `local` (or the baseline).
    func showAction(stateAt local: Int?) -> (@Sendable () -> Void)?

    /// The causes the track's store kept while recording (``TimeTravelTrace``); `nil` for a
    /// track without any (imported).
    func recordedTrace() -> RecordedTrace?

    // MARK: Exporting

    /// Who sent each kept intent, by its number in the timeline (numbered from 1 at
    /// `origin`); empty when unknown (no causes kept).
    func intentOrigins(origin: UInt64) -> [UInt64: TimeTravelRecording.Event.Origin]
    /// The dependency calls the store recorded that ended at or after the timeline's event
    /// `sequence` (numbered from 1 at `origin`), oldest first, with the names of endpoints
    /// whose results could not be kept.
    func exportedCalls(
        from sequence: UInt64, origin: UInt64
    ) -> (calls: [TimeTravelRecording.Call], unrecorded: [String])

    // MARK: Skipping

    /// The positions of the messages the intent at `local` dispatched as it ran; empty for
    /// any other event, or a track that does not know (imported).
    func messagesDispatched(byIntentAt local: Int) -> [Int]
    /// Leaves the messages at `locals` out and recomputes every later state through the
    /// feature's reducer (an empty set: every state as recorded again). `false` if this
    /// track cannot: an imported one, whose messages are JSON, or a live one whose start
    /// is unknown.
    func skipMessages(at locals: Set<Int>) -> Bool
    /// Whether the message at `local` is left out by a skip.
    func isSkippedMessage(local: Int) -> Bool
    /// Whether the state at `local` was recomputed by a skip.
    func isRecomputed(local: Int) -> Bool
}
