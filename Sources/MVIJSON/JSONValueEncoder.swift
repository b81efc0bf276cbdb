#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes `Encodable` values into a ``JSONValue`` directly, as Foundation's `JSONEncoder` would
/// write them with its default strategies (so that `JSONDecoder` and ``JSONValueDecoder`` read
/// them back): `Data` as Base64 text, `URL` as its absolute string, `Date` as seconds since
/// 2001, `Decimal` as a number; a non-finite floating-point value is an `EncodingError`, or,
/// with ``writesNonFiniteNumbersAsStrings``, the string `"Infinity"`, `"-Infinity"` or `"NaN"`
/// (which ``JSONValueDecoder`` reads back).
///
/// Numbers keep their exact text: an integer is written digit for digit, a `Float` as `Float`
/// describes it (`0.1`, not `0.10000000149011612`).
///
/// A ``replacement`` decides, per type, a value written instead of encoding: how the time-travel
/// recorder writes sensitive values as `"<redacted>"` before they leave the process.
///
/// ```swift
/// let json = try JSONValueEncoder().encode(Row(id: 1234567890123456789, price: 19.99))
/// // .object(["id": .number("1234567890123456789"), "price": .number("19.99")])
/// ```
public struct JSONValueEncoder: Sendable {
    /// For a type, the value to write instead of encoding one of its values; `nil` to encode
    /// it. Asked for the root and for every nested value encoded through a container's generic
    /// `encode` (not for the standard scalars, which containers take directly), so it should be
    /// quick: a conformance check, as the time-travel encoder's is.
    public var replacement: (@Sendable (Any.Type) -> JSONValue?)?

    /// Whether an infinite or NaN `Double` or `Float` is written as the string `"Infinity"`,
    /// `"-Infinity"` or `"NaN"` instead of failing.
    public var writesNonFiniteNumbersAsStrings: Bool

    /// An encoder; `replacement` writes a value in place of a type's values (see ``replacement``).
    public init(
        writesNonFiniteNumbersAsStrings: Bool = false, replacement: (@Sendable (Any.Type) -> JSONValue?)? = nil
    ) {
        self.writesNonFiniteNumbersAsStrings = writesNonFiniteNumbersAsStrings
        self.replacement = replacement
    }

    /// The JSON of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite floating-point value, a value
    ///   that encoded nothing, or whatever the value's own `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let state = EncodingState(replacement: replacement, nonFiniteAsStrings: writesNonFiniteNumbersAsStrings)
        return try state.box(value, codingPath: [])
    }
}

/// One ``JSONValueEncoder/encode(_:)`` call's settings.
final class EncodingState {
    let replacement: (@Sendable (Any.Type) -> JSONValue?)?
    let nonFiniteAsStrings: Bool

    init(replacement: (@Sendable (Any.Type) -> JSONValue?)?, nonFiniteAsStrings: Bool) {
        self.replacement = replacement
        self.nonFiniteAsStrings = nonFiniteAsStrings
    }

    /// What to write instead of a value of type `T`, if anything.
    func replaced<T>(_ type: T.Type) -> JSONValue? {
        replacement?(type)
    }

    /// The JSON of `value`, at `codingPath`.
    func box<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
        if let replaced = replaced(T.self) { return replaced }
        if let scalar = try Self.special(value, codingPath: codingPath) { return scalar }
        let node = EncodingNode()
        try value.encode(to: NodeEncoder(node: node, state: self, codingPath: codingPath))
        guard let json = node.json() else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: codingPath, debugDescription: "\(T.self) did not encode any value"))
        }
        return json
    }

    /// Foundation types that `JSONEncoder` writes its own way rather than through their
    /// `encode(to:)`.
    private static func special<T>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue? {
        if T.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return .number(decimal.description) }
        return nil
    }

    func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: F, codingPath: [any CodingKey]
    ) throws -> JSONValue {
        guard value.isFinite else {
            if nonFiniteAsStrings {
                return .string(value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity")
            }
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not a valid JSON number"))
        }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return .number(String(Int64(value)))
        }
        return .number(value.description)
    }
}

/// A value being built: a scalar, an object or an array whose members may still be written
/// through containers that outlive the call that made them (as `Encoder` allows).
final class EncodingNode {
    enum Member {
        case value(JSONValue)
        case node(EncodingNode)

        var json: JSONValue? {
            switch self {
            case .value(let value): value
            case .node(let node): node.json()
            }
        }
    }

    enum Content {
        case none
        case value(JSONValue)
        /// The members in the order written (turned into a dictionary once, at the end).
        case object([(key: String, member: Member)])
        case array([Member])
    }

    var content = Content.none

    /// The finished value; `nil` if nothing was written.
    func json() -> JSONValue? {
        switch content {
        case .none: return nil
        case .value(let value): return value
        case .object(let members):
            // Hashed once, into a table of the right size; a key written twice keeps its last value.
            var fields = [String: JSONValue](minimumCapacity: members.count)
            for (key, member) in members { fields[key] = member.json ?? .object([:]) }
            return .object(fields)
        case .array(let members): return .array(members.map { $0.json ?? .object([:]) })
        }
    }

    func set(_ member: Member, forKey key: String) {
        var members: [(key: String, member: Member)]
        if case .object(let existing) = content { members = existing } else { members = [] }
        content = .none  // keeps `members` uniquely referenced while it is changed
        members.append((key, member))
        content = .object(members)
    }

    func append(_ member: Member) {
        var members: [Member]
        if case .array(let existing) = content { members = existing } else { members = [] }
        content = .none
        members.append(member)
        content = .array(members)
    }

    var count: Int {
        if case .array(let members) = content { return members.count }
        return 0
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }
}
