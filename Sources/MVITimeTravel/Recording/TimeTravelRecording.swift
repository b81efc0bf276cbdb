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
///   ``TimeTravel/import(_:)-(Data)``); exporting an imported recording keeps its ids.
/// - `kind` is one of `intent`, `message`, `state`, `sideEffect`, and, since version 2,
///   `failure` (a failure reported to the store's error handler; `description` is the
///   error's text and `value` is absent). A `state` with no `message` since the store's
///   previous `state` is a state that replaced the store's (`Store.replaceState(with:)`).
/// - Version 1 files (without failures) import as they are.
/// - `value` (and `initialState`) is present when the type is `Encodable`; it is the value's
///   `JSONEncoder` encoding. `description` is always present.
/// - Times are seconds since 1970-01-01 UTC. `sequence` increases strictly across the file.
public struct TimeTravelRecording: Codable, Sendable, Hashable {
    /// The value of ``format``.
    public static let formatName = "swift-mvi.time-travel"
    /// The version this library writes: 2, which added the `failure` kind.
    public static let currentVersion = 2
    /// The versions this library reads: version 1 (no failures) and the current one.
    public static let readableVersions = 1...currentVersion

    /// The type names of a store's feature, for readers.
    public struct TypeNames: Codable, Sendable, Hashable {
        /// The state type.
        public var state: String
        /// The intent type.
        public var intent: String
        /// The message type.
        public var message: String
        /// The side-effect type.
        public var sideEffect: String

        /// Creates type names.
        public init(state: String, intent: String, message: String, sideEffect: String) {
            self.state = state
            self.intent = intent
            self.message = message
            self.sideEffect = sideEffect
        }
    }

    /// One recorded store.
    public struct StoreEntry: Codable, Sendable, Hashable {
        /// What events refer to.
        public var id: Int
        /// The name it was registered under.
        public var name: String
        /// Its feature's type names.
        public var types: TypeNames
        /// The state before its first recorded event, if the state type is `Encodable`.
        public var initialState: JSONValue?
        /// A readable description of that state.
        public var initialStateDescription: String?

        /// Creates a store entry.
        public init(
            id: Int, name: String, types: TypeNames,
            initialState: JSONValue?, initialStateDescription: String?
        ) {
            self.id = id
            self.name = name
            self.types = types
            self.initialState = initialState
            self.initialStateDescription = initialStateDescription
        }
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

        /// Creates an event entry.
        public init(
            sequence: UInt64, store: Int, kind: TimeTravelEvent.Kind, time: Double,
            description: String, value: JSONValue?
        ) {
            self.sequence = sequence
            self.store = store
            self.kind = kind
            self.time = time
            self.description = description
            self.value = value
        }
    }

    /// Always ``formatName``.
    public var format: String
    /// The format version; ``currentVersion`` for files this library writes, any of
    /// ``readableVersions`` for files it reads.
    public var version: Int
    /// When the recording was exported, in seconds since 1970-01-01 UTC.
    public var exportedAt: Double
    /// The recorded stores.
    public var stores: [StoreEntry]
    /// The events, in the order they happened across all stores.
    public var events: [Event]

    /// Creates a recording.
    public init(
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
