import MVI
import MVIJSON

/// The history of one store read from an exported recording.
///
/// Immutable; its `target` is called only under the controller's lock.
final class ImportedTrack: Track, Sendable {
    struct Item: Sendable {
        var description: String
        var value: JSONValue?
        /// The decoded state, for state events of a store registered here.
        var state: (any Sendable)?
        /// For an intent, who sent it, if the recording says.
        var origin: TimeTravelRecording.Event.Origin?
        /// The event's number in the recording.
        var sequence: UInt64 = 0
    }

    let name: String
    let recordedID: Int?
    let typeNames: TimeTravelRecording.TypeNames
    let items: [Item]
    let baselineDescription: String?
    let baselineValue: JSONValue?
    let baselineState: (any Sendable)?
    /// The registered store of the same name that shows this track's states, if any.
    let target: (any RegisteredStore)?
    /// The store's recorded dependency calls and unrecorded endpoints, as read.
    let calls: [TimeTravelRecording.Call]
    let unrecordedCalls: [String]

    init(
        name: String, recordedID: Int, typeNames: TimeTravelRecording.TypeNames, items: [Item],
        baselineDescription: String?, baselineValue: JSONValue?, baselineState: (any Sendable)?,
        target: (any RegisteredStore)?, calls: [TimeTravelRecording.Call] = [], unrecordedCalls: [String] = []
    ) {
        self.calls = calls
        self.unrecordedCalls = unrecordedCalls
        self.name = name
        self.recordedID = recordedID
        self.typeNames = typeNames
        self.items = items
        self.baselineDescription = baselineDescription
        self.baselineValue = baselineValue
        self.baselineState = baselineState
        self.target = target
    }

    func refresh(track id: Int32, origin: UInt64, into entries: inout [Entry]) {}
    func freeze() {}
    func prepareReplay(local: Int) -> PreparedReplay? { nil }
    func dropFirst(_ count: Int) {}
    func describe(local: Int) -> String { items[local].description }
    func feedValue(local: Int) -> TimeTravelFeedEvent.Value {
        .recorded(description: items[local].description, value: items[local].value)
    }
    func makeTail() -> (any FeedTail)? { nil }
    // A recording's messages are JSON: no reducer to recompute its states with.
    // A recording keeps no causes.
    func recordedTrace() -> RecordedTrace? { nil }
    func intentOrigins(origin: UInt64) -> [UInt64: TimeTravelRecording.Event.Origin] {
        var origins: [UInt64: TimeTravelRecording.Event.Origin] = [:]
        for item in items { if let origin = item.origin { origins[item.sequence] = origin } }
        return origins
    }
    // As read: re-exporting an imported recording keeps its calls.
    func exportedCalls(
        from sequence: UInt64, origin: UInt64
    ) -> (calls: [TimeTravelRecording.Call], unrecorded: [String]) {
        (calls, unrecordedCalls)
    }
    func messagesDispatched(byIntentAt local: Int) -> [Int] { [] }
    func skipMessages(at locals: Set<Int>) -> Bool { locals.isEmpty }
    func isSkippedMessage(local: Int) -> Bool { false }
    func isRecomputed(local: Int) -> Bool { false }
    // A recording keeps descriptions, not the typed values that name a child.
    func childPath(local: Int) -> String? { nil }
    func encode(local: Int) -> JSONValue? { items[local].value }
    func encodeBaseline() -> JSONValue? { baselineValue }

    func showAction(stateAt local: Int?) -> (@Sendable () -> Void)? {
        guard let target else { return nil }
        let state = local.map { items[$0].state } ?? baselineState
        guard let state else { return nil }
        return target.showAction(erased: state)
    }
}
