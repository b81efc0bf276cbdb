#if DevTools
/// Why the page's request could not be carried out. Sent to the page in an `error` frame
/// (see Protocol.md), with `code` and `description`; never thrown to the app.
enum DevToolsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A message larger than `DevToolsOptions.maxMessageBytes`.
    case messageTooLarge(bytes: Int, limit: Int)
    /// A message that would take the bytes held of all sockets' messages over
    /// the server's limit (`limit`): other messages are being carried
    /// out; send it again once they are answered.
    case busy(limit: Int)
    /// A message that is not a JSON object.
    case badJSON(String)
    /// A binary frame: the protocol is text.
    case binaryFrame
    /// A JSON object without a known `type`.
    case unknownMessage(String)
    /// A known message missing a field, or with a field of the wrong type.
    case invalidField(message: String, field: String)
    /// No registered store has this name.
    case unknownStore(String)
    /// The store was not registered with `DevTools.register(_:)` in a way that allows this
    /// (its intent is not `Decodable`, or its state is not `Codable`).
    case notSupported(store: String, what: String)
    /// The intent's or state's JSON does not decode into the store's type.
    case doesNotDecode(store: String, reason: String)
    /// A time-travel control that does nothing in the current mode.
    case controlRefused(action: String, mode: String)
    /// No kept event has this sequence number.
    case unknownEvent(UInt64)
    /// Time travel could not replay the event.
    case replayFailed(String)
    /// The event cannot be skipped (it is not a kept intent or message of a recorded store,
    /// or it is already skipped) or un-skipped (it is not skipped).
    case cannotSkip(sequence: UInt64, skipped: Bool)
    /// Time travel could not import the recording.
    case importFailed(String)
    /// Time travel could not export the recording.
    case exportFailed(String)
    /// A `rerun` was asked for, but the timeline shows no imported recording.
    case nothingImported

    /// A stable identifier for the page (and tests) to tell errors apart.
    var code: String {
        switch self {
        case .messageTooLarge: "messageTooLarge"
        case .busy: "busy"
        case .badJSON: "badJSON"
        case .binaryFrame: "binaryFrame"
        case .unknownMessage: "unknownMessage"
        case .invalidField: "invalidField"
        case .unknownStore: "unknownStore"
        case .notSupported: "notSupported"
        case .doesNotDecode: "doesNotDecode"
        case .controlRefused: "controlRefused"
        case .unknownEvent: "unknownEvent"
        case .replayFailed: "replayFailed"
        case .cannotSkip: "cannotSkip"
        case .importFailed: "importFailed"
        case .exportFailed: "exportFailed"
        case .nothingImported: "nothingImported"
        }
    }

    /// A sentence naming what is wrong.
    var description: String {
        switch self {
        case .messageTooLarge(let bytes, let limit): "Message of \(bytes) bytes is over the limit of \(limit)"
        case .busy(let limit):
            "The debugger holds \(limit) bytes of messages, the most it may; send this again once they are answered"
        case .badJSON(let reason): "Not a JSON object: \(reason)"
        case .binaryFrame: "Binary frames are not part of the protocol; send text"
        case .unknownMessage(let type): "Unknown message type \"\(type)\""
        case .invalidField(let message, let field): "Message \"\(message)\" needs a valid \"\(field)\""
        case .unknownStore(let name): "No registered store is named \"\(name)\""
        case .notSupported(let store, let what): "The store \"\(store)\" cannot \(what)"
        case .doesNotDecode(let store, let reason): "Does not decode for \"\(store)\": \(reason)"
        case .controlRefused(let action, let mode): "\(action) does nothing while \(mode)"
        case .unknownEvent(let sequence): "Event \(sequence) is not kept"
        case .replayFailed(let reason): "Replay failed: \(reason)"
        case .cannotSkip(let sequence, true):
            "Event \(sequence) cannot be skipped: only a kept intent or message of a recorded store (not an imported one) that is not skipped yet"
        case .cannotSkip(let sequence, false): "Event \(sequence) is not skipped"
        case .importFailed(let reason): "Import failed: \(reason)"
        case .exportFailed(let reason): "Export failed: \(reason)"
        case .nothingImported: "Nothing to rerun: import a recording first"
        }
    }
}
#endif
