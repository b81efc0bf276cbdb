#if DevTools
import Foundation
import MVIJSON
import MVITimeTravel

/// Builds the text of outgoing frames by hand: values already encoded as JSON are spliced
/// in as they are, so an event's value is encoded once, straight from the store's type.
struct JSONText {
    private(set) var text = ""

    /// A JSON string literal: the package's one escaper (`JSONValue.quoted(_:)`), which also
    /// escapes U+2028 and U+2029 so that a frame is safe in any JavaScript context.
    static func quoted(_ string: String) -> String {
        JSONValue.quoted(string)
    }

    /// An object from keys and JSON texts, in order.
    static func object(_ fields: KeyValuePairs<String, String>) -> String {
        var result = "{"
        var first = true
        for (key, value) in fields {
            if !first { result += "," }
            first = false
            result += quoted(key) + ":" + value
        }
        return result + "}"
    }

    /// An array of JSON texts.
    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }

    /// The JSON of an `Encodable` value (keys sorted, so that a diff of two states lines up),
    /// or `nil` if it is not encodable. Sensitive values are written as `"<redacted>"`.
    static func encode(_ value: Any, with encoder: JSONValueEncoder) -> String? {
        guard let encodable = value as? any Encodable else { return nil }
        return (try? encoder.encode(encodable))?.compactText
    }

    /// The encoder for values: sensitive values redacted before they leave the process
    /// (``MVI/SensitiveValue``), and infinities and NaN as strings, as the page reads them.
    static func makeEncoder() -> JSONValueEncoder {
        JSONCodec.redactingEncoder(writesNonFiniteNumbersAsStrings: true)
    }

    /// `null` or a number.
    static func number(_ value: UInt64?) -> String {
        value.map { String($0) } ?? "null"
    }
}
#endif
