/// Any JSON value: how time-travel recordings carry intents, messages, states and side
/// effects whose types are `Codable`, and how interaction snapshots describe intents, so that
/// any platform (or a person) can read them.
///
/// A number keeps its decimal text, as written or as Swift describes the value, so that no
/// digit is lost while the value is held; two numbers are equal when their texts denote the
/// same decimal value (`1`, `1.0` and `10e-1` are equal; `1234567890123456789` and
/// `1234567890123456800` are not, though a `Double` cannot tell them apart). Encoding writes a
/// whole number that `Int64` or `UInt64` holds as that integer, any other as a `Double`;
/// ``JSONValueDecoder`` decodes numbers from their text, exactly.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its decimal text (`"3"`, `"-0.5"`, `"1.5e9"`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// A number with the value of `value`: whole numbers that a `Double` holds exactly are
    /// written without a fraction (`3`), others as Swift describes them (`0.5`, `1e+20`).
    public static func number(_ value: Double) -> JSONValue {
        .number(numberText(value))
    }

    /// The value of a number, if this is a number whose text a `Double` can read.
    public var doubleValue: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    /// `value` as number text: `3` rather than `3.0` for whole numbers below 2⁵³.
    static func numberText(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return String(describing: value)
    }
}

extension JSONValue: Hashable {
    /// Whether the values are the same; numbers compare by the decimal value they denote.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.number(let left), .number(let right)):
            left == right || JSONNumber(left).map { value in JSONNumber(right) == value } ?? false
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        default: false
        }
    }

    /// Hashes the value; a number hashes as the decimal value it denotes.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .number(let text):
            hasher.combine(2)
            if let value = JSONNumber(text) { hasher.combine(value) } else { hasher.combine(text) }
        case .string(let value):
            hasher.combine(3)
            hasher.combine(value)
        case .array(let values):
            hasher.combine(4)
            hasher.combine(values)
        case .object(let fields):
            hasher.combine(5)
            hasher.combine(fields)
        }
    }
}
