import Synchronization

/// An event carried inside a state that is consumed exactly once: the KMM specification's
/// `OneShotEvent<Navigation>`.
///
/// A state is a value and may be rendered many times (a re-render, a second observer, time
/// travel showing it again); the event inside it must act once. The consumed flag is shared
/// by every copy of the state, so whichever render consumes it first wins and the rest see
/// nothing.
public final class OneShotEvent<Value: Sendable & Equatable>: Sendable, Equatable, CustomStringConvertible {
    private let value: Value?
    private let consumed = Atomic<Bool>(false)

    /// An event that carries `value`.
    public init(_ value: Value) {
        self.value = value
    }

    private init() {
        value = nil
    }

    /// No event (the specification's `OneShotEvent.Empty()`).
    public static var empty: OneShotEvent { OneShotEvent() }

    /// The value the first time it is asked for; `nil` afterwards, and for an empty event.
    public func consume() -> Value? {
        guard let value else { return nil }
        let (exchanged, _) = consumed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        return exchanged ? value : nil
    }

    /// The value, whether or not it was consumed (for tests and logs).
    public var peek: Value? { value }

    /// Whether the value has been consumed.
    public var isConsumed: Bool { consumed.load(ordering: .acquiring) }

    /// Events are equal when they carry equal values: what a test compares is what the
    /// state asks for, not who has acted on it yet.
    public static func == (lhs: OneShotEvent, rhs: OneShotEvent) -> Bool {
        lhs.value == rhs.value
    }

    /// `OneShotEvent(value)` or `OneShotEvent.empty`.
    public var description: String {
        value.map { "OneShotEvent(\($0))" } ?? "OneShotEvent.empty"
    }
}
