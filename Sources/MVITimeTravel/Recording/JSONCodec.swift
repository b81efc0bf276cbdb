import Foundation
import MVI
import MVIJSON

/// Turns values into `JSONValue`s and back. Values leave the process through `encode`, which
/// writes every sensitive value (``MVI/SensitiveValue``, ``MVI/Sensitive``) as
/// `Redaction.placeholder` (`<redacted>`).
package enum JSONCodec {
    /// The value's JSON, redacted, if its type is `Encodable` and encoding succeeds.
    static func encode(_ value: Any) -> JSONValue? {
        guard let encodable = value as? any Encodable else { return nil }
        return try? encodeValue(encodable)
    }

    /// The value's JSON, with sensitive values written as the placeholder.
    static func encodeValue<T: Encodable>(_ value: T) throws -> JSONValue {
        try redacting.encode(value)
    }

    /// The value's JSON with sensitive values as they are: never sent anywhere, only compared
    /// with a redacted encoding to put them back into a state edited in the debugger.
    static func encodeUnredacted<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONValueEncoder().encode(value)
    }

    /// The encoder that writes sensitive values as the placeholder.
    static let redacting = redactingEncoder()

    /// An encoder that writes every sensitive value (`Redaction.isSensitive(_:)`) as
    /// `<redacted>`: every value that leaves a store's process for a recording
    /// or the debugger goes through one.
    package static func redactingEncoder(writesNonFiniteNumbersAsStrings: Bool = false) -> JSONValueEncoder {
        JSONValueEncoder(writesNonFiniteNumbersAsStrings: writesNonFiniteNumbersAsStrings) { type in
            Redaction.isSensitive(type) ? .string(Redaction.placeholder) : nil
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from json: JSONValue) throws -> T {
        let data = try JSONEncoder().encode(json)
        return try JSONDecoder().decode(T.self, from: data)
    }

    /// `edited` (a state the debugger's page sent back) with the app's real values put back
    /// where the page showed `current`'s sensitive values as the placeholder and the edit left
    /// them so: editing one field of a state never overwrites a redacted one with the
    /// placeholder. The real values are found in `current` here, in the process; they never
    /// left it.
    package static func restoringRedacted<State: Encodable>(_ edited: JSONValue, from current: State) -> JSONValue {
        guard let shown = try? encodeValue(current), let real = try? encodeUnredacted(current), shown != real else {
            return edited
        }
        return restore(edited, shown: shown, real: real)
    }

    private static func restore(_ edited: JSONValue, shown: JSONValue, real: JSONValue) -> JSONValue {
        switch (edited, shown, real) {
        case (.string(Redaction.placeholder), .string(Redaction.placeholder), _):
            return real
        case (.object(var fields), .object(let shownFields), .object(let realFields)):
            for (key, value) in fields {
                if let shownValue = shownFields[key], let realValue = realFields[key] {
                    fields[key] = restore(value, shown: shownValue, real: realValue)
                }
            }
            return .object(fields)
        case (.array(var elements), .array(let shownElements), .array(let realElements))
        where elements.count == shownElements.count && shownElements.count == realElements.count:
            for index in elements.indices {
                elements[index] = restore(elements[index], shown: shownElements[index], real: realElements[index])
            }
            return .array(elements)
        default:
            return edited
        }
    }

    /// A short reason for a coding error, naming where it happened.
    static func reason(_ error: any Error) -> String {
        let (path, message) = pathAndMessage(error)
        return "\(path): \(message)"
    }

    /// Where a decoding error happened and what it says.
    static func pathAndMessage(_ error: any Error) -> (path: String, message: String) {
        guard let error = error as? DecodingError else { return ("(root)", String(describing: error)) }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return (codingPath(context.codingPath), context.debugDescription)
        case .keyNotFound(let key, let context):
            return (codingPath(context.codingPath + [key]), "missing key \"\(key.stringValue)\"")
        @unknown default:
            return ("(root)", String(describing: error))
        }
    }

    /// `events[3].kind`-style path.
    static func codingPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "(root)" : text
    }
}
