/// A type whose values never show outside the app: every value of it is written as
/// `<redacted>` wherever this library lets a value leave the store's process.
///
/// Conform a whole type to mark all of its values, wherever they sit (a field of the state,
/// the payload of an intent's case, a side effect):
///
/// ```swift
/// struct Credentials: SensitiveValue, Codable, Equatable, Sendable {
///     var user: String
///     var password: String
/// }
/// ```
///
/// or wrap one field, or one case's payload, in ``Sensitive``. The library's text of such a
/// value (`description`, `debugDescription`, its mirror) is `<redacted>`, so logs
/// (`MVILogging`, state diffs included), failures reported to a store's error handler,
/// time travel's timelines and their exports, the DevTools page and the tests it generates, and
/// metrics labels built from a value's text all show `<redacted>`. The time-travel encoder
/// writes the placeholder in place of the value's JSON, before the value leaves the process; a
/// state kept with `MVIStateKeeper` or encoded by your own `JSONEncoder` keeps the real value.
///
/// The protocol gives the three texts; a conforming type must not write its own
/// `description`, `debugDescription` or `customMirror`, which would replace them.
public protocol SensitiveValue: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {}

extension SensitiveValue {
    /// `<redacted>`.
    public var description: String { Redaction.placeholder }

    /// `<redacted>`.
    public var debugDescription: String { Redaction.placeholder }

    /// A mirror with no children and no display style, so that reflection (`dump`, custom-dump,
    /// state diffs) shows the value as its description and never reaches what it holds.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// What redacted values are written as, and how to tell whether a type is redacted.
package enum Redaction {
    /// The text and the JSON string a sensitive value is written as: `<redacted>`.
    package static let placeholder = "<redacted>"

    /// Whether values of `type` are redacted: it conforms to ``SensitiveValue`` (``Sensitive``
    /// does, whatever it wraps).
    package static func isSensitive(_ type: Any.Type) -> Bool {
        type is any SensitiveValue.Type
    }
}
