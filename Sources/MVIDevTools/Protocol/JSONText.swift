import Foundation
import MVIJSON

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

    /// The JSON of an `Encodable` value (keys sorted), or `nil` if it is not encodable.
    static func encode(_ value: Any, with encoder: JSONEncoder) -> String? {
        guard let encodable = value as? any Encodable else { return nil }
        guard let data = try? encoder.encode(encodable) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// An encoder for values: sorted keys, so that a diff of two states lines up.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// `null` or a number.
    static func number(_ value: UInt64?) -> String {
        value.map { String($0) } ?? "null"
    }
}
