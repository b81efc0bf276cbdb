import Foundation
import MVIJSON
import Testing

/// `JSONValueDecoder` reads numbers from their text: exactly, or refused with an error naming
/// the path, the number and the type.
@Suite("JSONValueDecoder")
struct JSONValueDecoderTests {
    struct Row: Codable, Equatable {
        var id: Int64
        var count: UInt64?
        var small: Int8?
        var ratio: Double?
        var amount: Decimal?
        var tags: [String]?
        var nested: [String: [Int]]?
        var note: String?
    }

    enum Action: Codable, Equatable {
        case add(Int64)
        case rename(to: String)
        case reset
    }

    func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONValueDecoder().decode(type, from: try parse(text))
    }

    /// The reason a decode fails, as the debugger shows it.
    func failure<T: Decodable>(_ type: T.Type, _ text: String) throws -> String {
        do {
            _ = try decode(type, text)
        } catch {
            return JSONValueDecoder.describe(error)
        }
        Issue.record("\(text) decoded as \(T.self)")
        return ""
    }

    @Test func aNineteenDigitIntegerIsExact() throws {
        let row = try decode(Row.self, #"{"id": 1234567890123456789}"#)
        #expect(row.id == 1_234_567_890_123_456_789)
        #expect(try decode(Row.self, #"{"id": -9223372036854775808}"#).id == .min)
        #expect(try decode(Row.self, #"{"id": 9223372036854775807}"#).id == .max)
        #expect(try decode(Row.self, #"{"id": 0, "count": 18446744073709551615}"#).count == .max)
        // Written another way, the same whole number.
        #expect(try decode(Row.self, #"{"id": 12345678901234567.89e2}"#).id == 1_234_567_890_123_456_789)
        #expect(try decode(Row.self, #"{"id": -0}"#).id == 0)
    }

    @Test func anIntegerOutOfRangeIsRefusedNamingIt() throws {
        let reason = try failure(Row.self, #"{"id": 9223372036854775808}"#)
        #expect(
            reason
                == "id: The number 9223372036854775808 does not fit in Int64 (-9223372036854775808 to 9223372036854775807)"
        )
        #expect(
            try failure(Row.self, #"{"id": 0, "count": -1}"#).hasPrefix("count: The number -1 does not fit in UInt64"))
        #expect(
            try failure(Row.self, #"{"id": 0, "small": 128}"#).hasPrefix("small: The number 128 does not fit in Int8"))
        #expect(try failure(Row.self, #"{"id": 1e300}"#).hasPrefix("id: The number 1e300 does not fit in Int64"))
        #expect(try failure(Row.self, #"{"id": 1.5}"#) == "id: The number 1.5 is not a whole number")
        #expect(try failure(Row.self, #"{"id": "1"}"#) == "id: Expected a whole number, found a string")
        #expect(try failure(Row.self, #"{"id": null}"#) == "id: Expected a whole number, found null")
        #expect(try failure(Row.self, #"{}"#) == "id: missing key \"id\"")
    }

    @Test func aDoubleTakesOnlyWhatItHoldsExactly() throws {
        #expect(try decode(Row.self, #"{"id": 0, "ratio": 0.1}"#).ratio == 0.1)
        #expect(try decode(Row.self, #"{"id": 0, "ratio": 1e-7}"#).ratio == 1e-7)
        #expect(try decode(Row.self, #"{"id": 0, "ratio": 9007199254740992}"#).ratio == 9_007_199_254_740_992)
        #expect(try decode(Row.self, #"{"id": 0, "ratio": 0.30000000000000004}"#).ratio == 0.1 + 0.2)
        #expect(try decode(Row.self, #"{"id": 0, "ratio": "Infinity"}"#).ratio == .infinity)
        let reason = try failure(Row.self, #"{"id": 0, "ratio": 1234567890123456789}"#)
        #expect(reason.hasPrefix("ratio: The number 1234567890123456789 does not fit in Double exactly"))
        #expect(try failure(Row.self, #"{"id": 0, "ratio": 9007199254740993}"#).contains("does not fit in Double"))
    }

    @Test func aDecimalKeepsItsDigits() throws {
        let row = try decode(Row.self, #"{"id": 0, "amount": 12345678901234567890.123456789}"#)
        #expect(row.amount == Decimal(string: "12345678901234567890.123456789"))
        #expect(
            try failure(Row.self, #"{"id": 0, "amount": 1234567890123456789012345678901234567890.5}"#)
                .contains("does not fit in Decimal exactly"))
    }

    @Test func structuresEnumsAndOptionalsDecode() throws {
        let row = try decode(
            Row.self, ##"{"id": 7, "tags": ["a", "b\"#c"], "nested": {"x": [1, 2]}, "note": null}"##)
        #expect(row == Row(id: 7, tags: ["a", "b\"#c"], nested: ["x": [1, 2]], note: nil))
        #expect(try decode(Action.self, #"{"add": {"_0": 1234567890123456789}}"#) == .add(1_234_567_890_123_456_789))
        #expect(try decode(Action.self, #"{"rename": {"to": "x"}}"#) == .rename(to: "x"))
        #expect(try decode(Action.self, #"{"reset": {}}"#) == .reset)
        #expect(try decode([Int: String].self, #"{"1": "one", "2": "two"}"#) == [1: "one", 2: "two"])
        #expect(try failure([Int].self, #"[1, "two"]"#) == "[1]: Expected a whole number, found a string")
    }

    /// What Foundation's `JSONEncoder` writes with its default strategies reads back the same.
    @Test func whatJSONEncoderWritesReadsBack() throws {
        struct Everything: Codable, Equatable {
            var date = Date(timeIntervalSinceReferenceDate: 123_456.789)
            var data = Data([0, 1, 2, 250])
            var url = URL(string: "https://example.com/a?b=c")!  // a valid literal URL
            var float: Float = 0.1
            var big = Int64.max
            var values: [Double] = [0.1, -2.5e-300, 1.7976931348623157e308]
        }
        let value = Everything()
        let json = try JSONParser.parse(try JSONEncoder().encode(value))
        #expect(try JSONValueDecoder().decode(Everything.self, from: json) == value)
    }

    @Test func aJSONValueDecodesAsItIs() throws {
        let value = try parse(#"{"n": 1234567890123456789.000000000001}"#)
        #expect(try JSONValueDecoder().decode(JSONValue.self, from: value) == value)
        #expect(
            try JSONValueDecoder().decode([String: JSONValue].self, from: value)["n"]
                == .number("1234567890123456789.000000000001"))
    }
}
