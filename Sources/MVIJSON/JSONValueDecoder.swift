#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes `Decodable` values from a ``JSONValue`` without passing numbers through `Double`:
/// what the debugger applies is exactly what was typed, or it is refused.
///
/// Numbers are read from their decimal text. An integer type gets the number if it is a
/// whole number in its range (`1234567890123456789` is that `Int64`, digit for digit); a
/// `Double` or a `Float` gets it if it holds the number exactly as written (`0.1` reads back as
/// `0.1`; a 19-digit integer does not fit a `Double` and is refused); a `Decimal` gets it if its
/// 38 digits hold it. Anything else is a `DecodingError` naming the path, the number and the
/// type, never a rounded value.
///
/// Values are read as Foundation's `JSONEncoder` writes them with its default strategies:
/// `Data` as Base64 text, `URL` as its absolute string, `Date` as seconds since 2001, and
/// non-finite floating-point values as the strings `"Infinity"`, `"-Infinity"` and `"NaN"`.
///
/// ```swift
/// let json = try JSONParser.parse(Array(#"{"id": 1234567890123456789, "price": 19.99}"#.utf8))
/// let row = try JSONValueDecoder().decode(Row.self, from: json)
/// ```
public struct JSONValueDecoder: Sendable {
    /// A decoder.
    public init() {}

    /// The value of type `T` that `value` encodes.
    ///
    /// - Throws: `DecodingError`: `typeMismatch` for a value of the wrong kind, `keyNotFound`
    ///   and `valueNotFound` for what is missing, `dataCorrupted` for a number that does not
    ///   fit `T`'s type exactly or text that is not what the type reads.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONValueDecoding(value: value, codingPath: []).unbox(T.self)
    }

    /// `events[3].value: …`-style text for a decoding error: where it happened and what it says.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(pathText(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(pathText(context.codingPath + [key])): missing key \"\(key.stringValue)\""
        @unknown default:
            return String(describing: error)
        }
    }

    /// `events[3].kind`-style path, or `(root)`.
    static func pathText(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "(root)" : text
    }
}

/// One value being decoded, at its path.
struct JSONValueDecoding: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw mismatch([String: JSONValue].self, "an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self, "an array") }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoding: self)
    }

    /// What this value is, for error messages.
    var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number(let text): "the number \(JSONParser.shortened(text))"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        if case .null = value {
            return .valueNotFound(
                type,
                DecodingError.Context(codingPath: codingPath, debugDescription: "Expected \(expected), found null"))
        }
        return .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected \(expected), found \(kindDescription)"))
    }

    func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    // MARK: Values

    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        // A JSONValue as it is, digits and all.
        if T.self == JSONValue.self, let value = value as? T { return value }
        if T.self == Decimal.self, let decimal = try decimal() as? T { return decimal }
        if T.self == Data.self, let data = try data() as? T { return data }
        if T.self == URL.self, let url = try url() as? T { return url }
        return try T(from: self)
    }

    func bool() throws -> Bool {
        guard case .bool(let value) = value else { throw mismatch(Bool.self, "a boolean") }
        return value
    }

    func string() throws -> String {
        guard case .string(let value) = value else { throw mismatch(String.self, "a string") }
        return value
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let text) = value else { throw mismatch(I.self, "a whole number") }
        guard let number = JSONNumber(text) else { throw corrupted("\(JSONParser.shortened(text)) is not a number") }
        guard number.isWhole else { throw corrupted("The number \(JSONParser.shortened(text)) is not a whole number") }
        guard let integer = number.exactly(I.self) else {
            throw corrupted(
                "The number \(JSONParser.shortened(text)) does not fit in \(I.self) (\(I.min) to \(I.max))")
        }
        return integer
    }

    func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type) throws -> F {
        switch value {
        case .number(let text):
            guard let number = JSONNumber(text) else {
                throw corrupted("\(JSONParser.shortened(text)) is not a number")
            }
            guard let result = number.exactly(F.self, text: text) else {
                let nearest = F(text).map { $0.isFinite ? " (the nearest is \($0))" : "" } ?? ""
                throw corrupted("The number \(JSONParser.shortened(text)) does not fit in \(F.self) exactly\(nearest)")
            }
            return result
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .string("NaN"): return .nan
        default: throw mismatch(F.self, "a number")
        }
    }

    func decimal() throws -> Decimal {
        guard case .number(let text) = value else { throw mismatch(Decimal.self, "a number") }
        guard let number = JSONNumber(text) else { throw corrupted("\(JSONParser.shortened(text)) is not a number") }
        guard let decimal = Decimal(string: text), JSONNumber(decimal.description) == number else {
            throw corrupted("The number \(JSONParser.shortened(text)) does not fit in Decimal exactly")
        }
        return decimal
    }

    func data() throws -> Data {
        let text = try string()
        guard let data = Data(base64Encoded: text) else { throw corrupted("Expected Base64 text for Data") }
        return data
    }

    func url() throws -> URL {
        let text = try string()
        guard let url = URL(string: text) else { throw corrupted("\(JSONParser.shortened(text)) is not a URL") }
        return url
    }
}

/// The key of an array element, for coding paths.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map { "Index \($0)" } ?? "" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
