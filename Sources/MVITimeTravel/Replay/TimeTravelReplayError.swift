/// Why a recording could not be replayed.
public enum TimeTravelReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The recording itself is invalid.
    case invalidRecording(TimeTravelImportError)
    /// No store in the recording has this name (or, without a name, the feature's state type).
    case storeNotFound(String?)
    /// The store's initial state was not recorded (its state type was not `Encodable`).
    case missingInitialState(store: String)
    /// A message or state event has no encoded value.
    case missingValue(sequence: UInt64)
    /// A recorded message does not decode into the feature's message type.
    case messageDoesNotDecode(sequence: UInt64, reason: String)
    /// A recorded state does not decode into the feature's state type; `nil` is the initial state.
    case stateDoesNotDecode(store: String, sequence: UInt64?, reason: String)
    /// The reduced state does not encode.
    case stateDoesNotEncode(reason: String)
    /// A recorded intent does not decode into the feature's intent type (a rerun sends it).
    case intentDoesNotDecode(sequence: UInt64, reason: String)
    /// The recording does not say who sent this intent (made before version 3, or without
    /// causes): a rerun cannot tell intents to send from those the store makes itself.
    case originsNotRecorded(sequence: UInt64)
    /// The registered store's feature cannot be rerun: its state or its intents are not
    /// `Decodable` (``TimeTravel/rerunImportedRecording(timeout:)``).
    case notRerunnable(store: String, reason: String)
    /// The recording's store of this name has no live registered store in this app to rerun
    /// it with (``TimeTravel/rerunImportedRecording(timeout:)``).
    case storeNotRegistered(String)
    /// A rerun did not end within its timeout (work that never ends, or waits on a clock that
    /// does not move, or a recording too long for the time given). It returned at its timeout
    /// anyway: `sentIntents` of the store's `intents` had been sent (`nil` if the rerun had not
    /// got as far as reading them), and `leftRunning` names the store's async work still
    /// running then, by id. That work was cancelled; work that never suspends cannot be
    /// stopped in Swift, and goes on, on the rerun's own thread.
    case timedOut(store: String, sentIntents: Int, intents: Int?, leftRunning: [String])

    /// A sentence naming what is wrong.
    public var description: String {
        switch self {
        case .invalidRecording(let error): "Invalid recording: \(error)"
        case .storeNotFound(let name?): "No store named \"\(name)\" in the recording"
        case .storeNotFound(nil): "No store of this feature's state type in the recording"
        case .missingInitialState(let store): "The initial state of \"\(store)\" was not recorded"
        case .missingValue(let sequence): "Event \(sequence) has no recorded value"
        case .messageDoesNotDecode(let sequence, let reason): "Message of event \(sequence) does not decode: \(reason)"
        case .stateDoesNotDecode(let store, let sequence?, let reason):
            "State of event \(sequence) of \"\(store)\" does not decode: \(reason)"
        case .stateDoesNotDecode(let store, nil, let reason):
            "Initial state of \"\(store)\" does not decode: \(reason)"
        case .stateDoesNotEncode(let reason): "The replayed state does not encode: \(reason)"
        case .intentDoesNotDecode(let sequence, let reason): "Intent of event \(sequence) does not decode: \(reason)"
        case .originsNotRecorded(let sequence):
            "The recording does not say who sent intent \(sequence): record with causes (version 3 or later)"
        case .notRerunnable(let store, let reason): "\"\(store)\" cannot be rerun: \(reason)"
        case .storeNotRegistered(let name): "No store registered in this app is named \"\(name)\""
        case .timedOut(let store, let sent, let intents, let running):
            "The rerun of \"\(store)\" did not end within its timeout, after sending \(sent)"
                + (intents.map { " of \($0)" } ?? "") + " intents"
                + (running.isEmpty ? "" : "; left running: " + running.joined(separator: ", "))
        }
    }
}
