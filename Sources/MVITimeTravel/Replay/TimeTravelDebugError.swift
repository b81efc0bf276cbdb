/// Why an event could not be replayed.
public enum TimeTravelDebugError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No kept event has this sequence number.
    case eventNotKept(sequence: UInt64)
    /// Only intents and messages can be replayed; states and side effects are outputs.
    case notReplayable(TimeTravelEvent.Kind)
    /// The event's store is not here to run it: the recording was imported, or the store was
    /// released.
    case storeUnavailable(String)

    /// A sentence naming what is wrong.
    public var description: String {
        switch self {
        case .eventNotKept(let sequence): "Event \(sequence) is not kept"
        case .notReplayable(let kind): "A \(kind) event cannot be replayed; intents and messages can"
        case .storeUnavailable(let name): "The store \"\(name)\" is not here to replay its event"
        }
    }
}
