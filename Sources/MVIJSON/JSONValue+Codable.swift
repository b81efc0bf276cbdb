extension JSONValue: Codable {
    /// Decodes any JSON value. (Through `Decoder` this tries each kind in turn; the library
    /// itself parses JSON with its own parser, which does not.) A whole number beyond 2⁵³ is
    /// read as an integer where the decoder can, so that its digits are kept.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            // A `Double` holds every whole number up to 2⁵³ exactly; past it, only an integer
            // keeps the digits written.
            if value.rounded() == value, abs(value) >= 9_007_199_254_740_992 {
                if let exact = try? container.decode(Int64.self) {
                    self = .number(String(exact))
                    return
                }
                if let exact = try? container.decode(UInt64.self) {
                    self = .number(String(exact))
                    return
                }
            }
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value")
        }
    }

    /// Encodes the value as it is. A number whose text is a whole number that `Int64` or
    /// `UInt64` holds is encoded as that integer, digit for digit; any other number as the
    /// `Double` its text denotes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let text):
            if let value = Int64(text) {
                try container.encode(value)
            } else if let value = UInt64(text) {
                try container.encode(value)
            } else if let value = Double(text), value.isFinite {
                try container.encode(value)
            } else {
                throw EncodingError.invalidValue(
                    text, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "Not a JSON number"))
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
