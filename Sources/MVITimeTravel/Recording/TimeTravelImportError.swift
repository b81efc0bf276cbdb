/// Why a recording could not be imported. The controller is left as it was.
public enum TimeTravelImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data is not JSON.
    case malformedJSON(reason: String)
    /// The JSON is not a time-travel recording (its `format` is missing or different).
    case notARecording(format: String?)
    /// The recording's version is not one this library reads.
    case unsupportedVersion(Int)
    /// The recording's version is not a version number at all: not a whole number (`1.5`,
    /// `1.0000001`), or a whole number too large for an `Int` (`1e30`). The version as
    /// written in the file.
    case invalidVersion(String)
    /// A number is valid JSON but beyond what a recording holds: its numbers are `Double`s,
    /// at most about 1.8e308 in magnitude (`1e400` is not). `path` names the value, such as
    /// `events[3].time` or `events[3].value.count`; `literal` is the number as written (cut
    /// to 40 characters).
    case numberOutOfRange(path: String, literal: String)
    /// A field is missing or has the wrong type; `path` names it, such as `events[3].kind`.
    case invalidStructure(path: String, reason: String)
    /// Two stores share an id.
    case duplicateStoreID(Int)
    /// An event refers to a store the recording does not list.
    case unknownStore(id: Int, eventSequence: UInt64)
    /// Sequence numbers do not strictly increase at this event.
    case eventsOutOfOrder(sequence: UInt64)
    /// A recorded state does not decode into the state type of the registered store of that
    /// name. `sequence` is `nil` for the store's initial state.
    case stateDoesNotDecode(store: String, sequence: UInt64?, reason: String)
    /// Recordings are imported only into an idle controller.
    case controllerNotIdle(TimeTravel.Mode)

    /// A sentence naming what is wrong.
    public var description: String {
        switch self {
        case .malformedJSON(let reason): "Malformed JSON: \(reason)"
        case .notARecording(let format?): "Not a time-travel recording (format \"\(format)\")"
        case .notARecording(nil): "Not a time-travel recording (no format field)"
        case .unsupportedVersion(let version):
            "Unsupported recording version \(version) (this library reads \(Self.readable))"
        case .invalidVersion(let written):
            if case .tooLarge = NumberLiteral.wholeNumber(written) {
                "Invalid recording version \(written): too large to be a version (this library reads \(Self.readable))"
            } else {
                "Invalid recording version \(written): a version is a whole number (this library reads \(Self.readable))"
            }
        case .numberOutOfRange(let path, let literal):
            "Number \(literal) at \(path) is out of range: numbers in a recording are 64-bit floating point, at most about 1.8e308 in magnitude"
        case .invalidStructure(let path, let reason): "Invalid recording at \(path): \(reason)"
        case .duplicateStoreID(let id): "Two stores have id \(id)"
        case .unknownStore(let id, let sequence): "Event \(sequence) refers to unknown store \(id)"
        case .eventsOutOfOrder(let sequence): "Event \(sequence) is out of order"
        case .stateDoesNotDecode(let store, let sequence?, let reason):
            "State of event \(sequence) of store \"\(store)\" does not decode: \(reason)"
        case .stateDoesNotDecode(let store, nil, let reason):
            "Initial state of store \"\(store)\" does not decode: \(reason)"
        case .controllerNotIdle(let mode): "The controller is \(mode), not idle"
        }
    }
}

extension TimeTravelImportError {
    /// The versions this library reads, for messages: `versions 1 to 2`.
    static var readable: String {
        let versions = TimeTravelRecording.readableVersions
        return versions.count == 1
            ? "version \(versions.lowerBound)" : "versions \(versions.lowerBound) to \(versions.upperBound)"
    }
}
