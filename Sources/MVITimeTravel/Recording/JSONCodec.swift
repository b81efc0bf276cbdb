import Foundation
import MVI
import MVIJSON

/// Turns values into `JSONValue`s and back, through Foundation's JSON coders.
enum JSONCodec {
    /// The value's JSON, if its type is `Encodable` and encoding succeeds.
    static func encode(_ value: Any) -> JSONValue? {
        guard let encodable = value as? any Encodable else { return nil }
        return try? encodeValue(encodable)
    }

    static func encodeValue<T: Encodable>(_ value: T) throws -> JSONValue {
        let data = try JSONEncoder().encode(value)
        return try JSONParser.parse(data)
    }

    static func decode<T: Decodable>(_ type: T.Type, from json: JSONValue) throws -> T {
        let data = try JSONEncoder().encode(json)
        return try JSONDecoder().decode(T.self, from: data)
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
