import MVI
import MVIJSON

/// The exported form of a recording: a versioned JSON document that any platform can read.
///
/// ```json
/// {
///   "format": "swift-mvi.time-travel",
///   "version": 2,
///   "exportedAt": 1763788800.5,
///   "stores": [
///     { "id": 0, "name": "Counter",
///       "types": { "state": "App.Counter.State", "intent": "…", "message": "…", "sideEffect": "Swift.Never" },
///       "initialState": { "count": 0 }, "initialStateDescription": "State(count: 0)" }
///   ],
///   "events": [
///     { "sequence": 1, "store": 0, "kind": "intent", "time": 1763788800.1,
///       "description": "increment", "value": "increment" }
///   ]
/// }
/// ```
///
/// - `stores[].id` is what `events[].store` refers to. Names are unique among stores that
///   were alive together; a store recreated under the same name gets a new id, larger than
///   the old one's (ids follow the order in which stores joined the recording). Importing
///   shows such stores one after the other on the registered store of that name (see
///   ``TimeTravel/import(_:)``); exporting an imported recording keeps its ids.
/// - `kind` is one of `intent`, `message`, `state`, `sideEffect`, and, since version 2,
///   `failure` (a failure reported to the store's error handler; `description` is the
///   error's text and `value` is absent). A `state` with no `message` since the store's
///   previous `state` is a state that replaced the store's (`Store.replaceState(with:)`).
/// - Version 1 files (without failures) import as they are.
/// - `value` (and `initialState`) is present when the type is `Encodable`; it is the value's
///   `JSONEncoder` encoding. `description` is always present.
/// - Times are seconds since 1970-01-01 UTC. `sequence` increases strictly across the file.
/// - Since version 3, an intent event has an `origin` when the recording kept causes:
///   `outside` for an intent sent to the store from outside it (what a replay sends again),
///   `store` for one its own code sent (its `execute`, bootstrap or async work: what a replay
///   makes again by running that code). And a store entry has the results of its dependency
///   calls, when its feature's dependencies were `replayable` (MVIDependencies):
///   `calls`, in the order they ended, each `{ "before": 12, "name": "server.push",
///   "outcome": "returned" | "threw" | "cancelled", "result": …, "error": { "type": …,
///   "description": …, "value": … } }` (`before`: the sequence number of the first event
///   after the call ended; `result` absent for an endpoint that returns nothing; `error`'s
///   `value` present for an `Encodable` error), and `unrecordedCalls`, the names of endpoints
///   called whose results could not be kept (not `Codable`).
///
/// In Swift a recording shows its stores' ids and names and its events; the rest of the
/// document (type names, initial states, dependency calls, origins) is the file's, described
/// above, for tools that read the JSON. A recording is exported with ``TimeTravel/encode(_:)``
/// and read back, imported and rerun as data.
public struct TimeTravelRecording: Codable, Sendable, Hashable {
    /// The value of ``format``.
    package static let formatName = "swift-mvi.time-travel"
    /// The version this library writes: 3, which added intents' origins and dependency calls.
    package static let currentVersion = 3
    /// The versions this library reads: versions 1 (no failures) and 2 (no origins, no
    /// calls), and the current one.
    package static let readableVersions = 1...currentVersion

    /// The type names of a store's feature, for readers.
    package struct TypeNames: Codable, Sendable, Hashable {
        /// The state type.
        package var state: String
        /// The intent type.
        package var intent: String
        /// The message type.
        package var message: String
        /// The side-effect type.
        package var sideEffect: String
    }

    /// One recorded dependency call: the result a replay answers the same call with.
    package struct Call: Codable, Sendable, Hashable {
        /// How a call ended.
        package enum Outcome: String, Codable, Sendable, Hashable {
            /// It returned (``Call/result``, absent for an endpoint that returns nothing).
            case returned
            /// It threw (``Call/error``).
            case threw
            /// It was cancelled.
            case cancelled
        }

        /// An error a call threw, as recorded.
        package struct Failure: Codable, Sendable, Hashable {
            /// The error's type (`String(reflecting:)`).
            package var type: String
            /// The error's description (`String(describing:)`).
            package var description: String
            /// The error's JSON encoding, if its type is `Encodable`.
            package var value: JSONValue?
        }

        /// The sequence number of the first event after the call ended.
        package var before: UInt64
        /// The endpoint's name.
        package var name: String
        /// How it ended.
        package var outcome: Outcome
        /// What it returned, for an endpoint that returns a value.
        package var result: JSONValue?
        /// What it threw.
        package var error: Failure?
    }

    /// One recorded store.
    public struct StoreEntry: Codable, Sendable, Hashable {
        /// What events refer to.
        public var id: Int
        /// The name it was registered under.
        public var name: String
        /// Its feature's type names.
        package var types: TypeNames
        /// The state before its first recorded event, if the state type is `Encodable`.
        package var initialState: JSONValue?
        /// A readable description of that state.
        package var initialStateDescription: String?
        /// Its dependency calls' results, in the order the calls ended (version 3); `nil` when
        /// none were recorded.
        package var calls: [Call]?
        /// The names of endpoints it called whose results could not be recorded (version 3).
        package var unrecordedCalls: [String]?
    }

    /// One recorded event.
    public struct Event: Codable, Sendable, Hashable {
        /// Strictly increasing across the recording.
        public var sequence: UInt64
        /// The ``StoreEntry/id`` of its store.
        public var store: Int
        /// What was recorded.
        public var kind: TimeTravelEvent.Kind
        /// Seconds since 1970-01-01 UTC.
        public var time: Double
        /// `String(describing:)` of the value.
        public var description: String
        /// The value's JSON encoding, if its type is `Encodable`.
        public var value: JSONValue?
        /// For an intent, who sent it, when the recording kept causes (version 3).
        package var origin: Origin?

        /// Who sent an intent.
        package enum Origin: String, Codable, Sendable, Hashable {
            /// A caller outside the store: a replay sends it again.
            case outside
            /// The store's own code (an `execute`, the bootstrap, async work): a replay makes it
            /// again by running that code.
            case store
        }
    }

    /// Always `"swift-mvi.time-travel"`.
    package var format: String
    /// The format version: 3 for files this library writes; it reads versions 1 to 3.
    package var version: Int
    /// When the recording was exported, in seconds since 1970-01-01 UTC.
    package var exportedAt: Double
    /// The recorded stores.
    public var stores: [StoreEntry]
    /// The events, in the order they happened across all stores.
    public var events: [Event]

    /// Creates a recording. Only the library makes recordings: ``TimeTravel/recording()``,
    /// ``TimeTravel/decodeRecording(_:)``.
    package init(
        format: String = TimeTravelRecording.formatName,
        version: Int = TimeTravelRecording.currentVersion,
        exportedAt: Double, stores: [StoreEntry], events: [Event]
    ) {
        self.format = format
        self.version = version
        self.exportedAt = exportedAt
        self.stores = stores
        self.events = events
    }
}
