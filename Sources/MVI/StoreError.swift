/// A failure inside a store, delivered to its error handler. The store keeps working.
///
/// Nothing a store does fails silently: an error thrown by async work, a side effect or an
/// intent dropped for overflow, or a failure reported by an add-on such as `StateKeeper` (MVIStateKeeper) arrives here,
/// with the store's name and where it came from.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// Where the failure came from.
    public enum Origin: Sendable, Hashable {
        /// Async work started with `run` threw. `id` is the work's id, if it had one.
        case asyncWork(id: String?)
        /// A side effect was dropped because its buffer was full (see ``SideEffectOverflow``).
        case sideEffectOverflow
        /// An intent was dropped because the store's pending input limit was reached (see
        /// ``InputOverflow``).
        case inputOverflow
        /// An add-on (state preservation, time travel, …) reported a failure; the string names it.
        case addOn(String)
        /// An intent was sent to a child that is not in the state (a row deleted, a sheet
        /// dismissed, a destination showing another case): it was dropped. The string is the
        /// child's path below the store (`rows[42]`, `destination.edit`), and the error an
        /// ``AbsentChild``.
        case absentChild(String)
        /// The store was used against one of its rules (see ``StoreMisuse``); what was
        /// attempted was dropped or queued, and the store keeps working.
        case misuse
    }

    /// The name of the store that failed.
    public let storeName: String
    /// Where the failure came from.
    public let origin: Origin
    /// The underlying error.
    public let underlying: any Error

    /// Creates an error report.
    public init(storeName: String, origin: Origin, underlying: any Error) {
        self.storeName = storeName
        self.origin = origin
        self.underlying = underlying
    }

    /// `[Name] origin: underlying error`.
    public var description: String {
        let failed = if case .asyncWork = origin { " failed" } else { "" }
        return "[\(storeName)] \(origin.text)\(failed): \(underlying)"
    }
}

extension StoreError.Origin {
    /// The origin in words, as logs and ``StoreError/description`` show it: `async work "id"`,
    /// `side effect overflow`, an add-on's name.
    package var text: String {
        switch self {
        case .asyncWork(let id?): "async work \"\(id)\""
        case .asyncWork(nil): "async work"
        case .sideEffectOverflow: "side effect overflow"
        case .inputOverflow: "input overflow"
        case .addOn(let name): name
        case .absentChild: "absent child"
        case .misuse: "misuse"
        }
    }
}

/// An intent for a child that is not there, dropped: reported to the store's error handler
/// with ``StoreError/Origin/absentChild(_:)``.
///
/// It is usually a race that the app cannot avoid (a tap on a row as it is deleted), and
/// harmless; it is reported so that a routing mistake (an intent forwarded to the wrong
/// destination case) is never silent.
public struct AbsentChild: Error, Sendable, CustomStringConvertible {
    /// The child's path below the store (`rows[42]`, `path[3]/detail`).
    public let path: String
    /// The dropped intent, as text.
    public let intent: String

    /// `no child at rows[42]: intent rows(42, toggle) dropped`.
    public var description: String { "no child at \(path): intent \(intent) dropped" }
}
