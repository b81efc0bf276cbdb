import Foundation

/// One recorded event, as the controller shows it: which store, what kind, when, and a
/// readable description. Its encoded value is available from ``TimeTravel/value(of:)``
/// (encoding is deferred until asked, to keep recording cheap).
public struct TimeTravelEvent: Sendable, Hashable, Identifiable {
    /// What was recorded.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// An intent, before it was executed.
        case intent
        /// A message, before it was reduced.
        case message
        /// The state after a message was reduced, or a state that replaced the store's
        /// (`Store.replaceState(with:)`: no message since the store's previous state).
        case state
        /// A side effect that was posted.
        case sideEffect
        /// A failure reported to the store's error handler (async work that threw, a side
        /// effect dropped for overflow, a misuse, an add-on's failure). Since format version 2.
        case failure
    }

    /// The event's number: increasing across all stores of one recording.
    public let sequence: UInt64
    /// The name the store was registered under.
    public let storeName: String
    /// What was recorded.
    public let kind: Kind
    /// When it was recorded.
    public let time: Date
    /// `String(describing:)` of the recorded value.
    public let description: String

    /// The child feature an intent or message is routed to (`rows[42]`, `editor/picker`),
    /// by one of its feature's `childScopes`; `nil` for the store's own.
    public let child: String?

    /// Whether the event is left out by a skip (``TimeTravel/skip(_:)``): the intent or
    /// message skipped, or a message that a skipped intent dispatched as it ran.
    public let isSkipped: Bool

    /// Whether the state was recomputed by a skip: the reducer's state without the skipped
    /// messages, in place of the recorded one.
    public let isRecomputed: Bool

    /// The store's name and the child's path: `TodoList/rows[42]`.
    package var path: String { child.map { "\(storeName)/\($0)" } ?? storeName }

    /// The sequence number.
    public var id: UInt64 { sequence }

    /// Creates an event description; `child` is the path of the child it is routed to. Only
    /// the library makes events (and the DevTools server, to name one by its number).
    package init(
        sequence: UInt64, storeName: String, kind: Kind, time: Date, description: String, child: String? = nil,
        isSkipped: Bool = false, isRecomputed: Bool = false
    ) {
        self.child = child
        self.isSkipped = isSkipped
        self.isRecomputed = isRecomputed
        self.sequence = sequence
        self.storeName = storeName
        self.kind = kind
        self.time = time
        self.description = description
    }
}
