/// A value that never shows outside the app: one field of a state, or the payload of one case.
///
/// ```swift
/// struct State: Equatable, Codable, Sendable {
///     var user = ""
///     @Sensitive var password = ""
/// }
/// enum Intent: Equatable, Sendable {
///     case signIn(user: String, password: Sensitive<String>)
/// }
///
/// store.send(.signIn(user: "ada", password: Sensitive(typedPassword)))
/// ```
///
/// The app reads and writes the value as usual (`state.password`, `password.wrappedValue`);
/// everything the library lets out of the process shows `<redacted>` instead (see
/// ``SensitiveValue``): `State(user: "ada", _password: <redacted>)` in a log.
///
/// `Sensitive` is transparent to `Codable`: it encodes and decodes as the value it wraps, so a
/// state kept with `MVIStateKeeper` keeps the real value. The time-travel encoder writes the
/// JSON string `"<redacted>"` instead; decoding that string back (an imported timeline, a
/// state edited in the debugger) gives a `Sensitive<String>` holding `"<redacted>"`, and for any
/// other wrapped type a `DecodingError` that says the value was redacted. (The debugger puts
/// the app's real value back in a state edited on its page, where the field was left as it
/// was shown.)
@propertyWrapper
public struct Sensitive<Value>: SensitiveValue {
    /// The value itself.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`: `@Sensitive var password = ""`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Wraps `value`: `.signIn(password: Sensitive(text))`.
    public init(_ value: Value) {
        self.wrappedValue = value
    }
}

extension Sensitive: Sendable where Value: Sendable {}

extension Sensitive: Equatable where Value: Equatable {}

extension Sensitive: Hashable where Value: Hashable {}

extension Sensitive: Encodable where Value: Encodable {
    /// Encodes the wrapped value as it is (the time-travel encoder never calls this: it writes
    /// `<redacted>`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Sensitive: Decodable where Value: Decodable {
    /// Decodes the wrapped value as it is. The placeholder of a redacted value that is not a
    /// string is a `DecodingError.dataCorrupted` saying so, not a type mismatch.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            wrappedValue = try container.decode(Value.self)
        } catch {
            if (try? container.decode(String.self)) == Redaction.placeholder {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "The value was redacted (\(Redaction.placeholder)) before it left its process: "
                            + "there is no \(Value.self) to decode"))
            }
            throw error
        }
    }
}

extension Sensitive: ExpressibleByUnicodeScalarLiteral where Value == String {
    /// A sensitive string from a literal.
    public init(unicodeScalarLiteral value: String) {
        self.wrappedValue = value
    }
}

extension Sensitive: ExpressibleByExtendedGraphemeClusterLiteral where Value == String {
    /// A sensitive string from a literal.
    public init(extendedGraphemeClusterLiteral value: String) {
        self.wrappedValue = value
    }
}

extension Sensitive: ExpressibleByStringLiteral where Value == String {
    /// A sensitive string from a literal: `.signIn(password: "hunter2")` in a test.
    public init(stringLiteral value: String) {
        self.wrappedValue = value
    }
}
