import Foundation
import MVIJSON
import Testing

/// `JSONValueEncoder` writes what Foundation's `JSONEncoder` writes, straight into a `JSONValue`,
/// and replaces the values of the types its replacement names.
@Suite struct JSONValueEncoderTests {
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case polygon([Int], name: String?)
        case empty
    }

    struct Everything: Codable, Equatable {
        var int = Int.min
        var int8: Int8 = -8
        var uint64 = UInt64.max
        var int64 = Int64(1_234_567_890_123_456_789)
        var double = 0.1
        var big = 1e300
        var whole = 3.0
        var float: Float = 0.1
        var bool = true
        var text = "quote \" backslash \\ line\nbreak é 🦉"
        var missing: String? = nil
        var present: String? = "here"
        var data = Data([0, 1, 2, 250])
        var url = URL(string: "https://example.com/a?b=c")!
        var date = Date(timeIntervalSinceReferenceDate: 12.5)
        var decimal = Decimal(string: "19.99")!
        var shapes: [Shape] = [.circle(radius: 2.5), .polygon([1, 2, 3], name: nil), .empty]
        var byNumber: [Int: String] = [1: "one", 2: "two"]
        var byName: [String: [Double]] = ["a": [1.5, -2], "b": []]
        var nested: [[Int?]] = [[1, nil], []]
        var set: Set<Int> = [7]
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        let value = Everything()
        let ours = try JSONValueEncoder().encode(value)
        let foundations = try JSONParser.parse(Array(try JSONEncoder().encode(value)))
        #expect(ours == foundations)
        #expect(try JSONDecoder().decode(Everything.self, from: JSONEncoder().encode(ours)) == value)
        #expect(try JSONValueDecoder().decode(Everything.self, from: ours) == value)
    }

    @Test func numbersKeepTheirExactText() throws {
        #expect(try JSONValueEncoder().encode(UInt64.max) == .number("18446744073709551615"))
        #expect(try JSONValueEncoder().encode(Int64.min) == .number("-9223372036854775808"))
        #expect(try JSONValueEncoder().encode(Float(0.1)) == .number("0.1"))
        #expect(try JSONValueEncoder().encode(2.0) == .number("2"))
        #expect(try JSONValueEncoder().encode(1e20) == .number("1e+20"))
    }

    @Test func nonFiniteNumbersFailOrAreStrings() throws {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.nan]) }
        let lenient = JSONValueEncoder(writesNonFiniteNumbersAsStrings: true)
        #expect(
            try lenient.encode([Double.infinity, -.infinity, .nan])
                == .array([.string("Infinity"), .string("-Infinity"), .string("NaN")]))
    }

    struct Secret: Codable, Equatable { var value: String }
    struct Holder: Codable, Equatable {
        var name = "ada"
        var secret = Secret(value: "hunter2")
        var secrets = [Secret(value: "a"), Secret(value: "b")]
        var optional: Secret? = Secret(value: "c")
    }

    @Test func theReplacementIsWrittenForItsTypeAtEveryLevel() throws {
        let encoder = JSONValueEncoder { type in type == Secret.self ? .string("<hidden>") : nil }
        let json = try encoder.encode(Holder())
        #expect(
            json
                == .object([
                    "name": .string("ada"), "secret": .string("<hidden>"),
                    "secrets": .array([.string("<hidden>"), .string("<hidden>")]), "optional": .string("<hidden>"),
                ]))
        #expect(try encoder.encode(Secret(value: "x")) == .string("<hidden>"))
    }

    struct Custom: Encodable {
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: Key.self)
            var list = keyed.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            var inner = list.nestedContainer(keyedBy: Key.self)
            try inner.encode("x", forKey: .name)
            try list.encode(2)
            let base = keyed.superEncoder()
            var single = base.singleValueContainer()
            try single.encode(true)
            var more = keyed.nestedContainer(keyedBy: Key.self, forKey: .more)
            try more.encodeNil(forKey: .name)
        }
        enum Key: String, CodingKey { case list, name, more }
    }

    @Test func nestedAndSuperContainersWriteLikeJSONEncoder() throws {
        let ours = try JSONValueEncoder().encode(Custom())
        let foundations = try JSONParser.parse(Array(try JSONEncoder().encode(Custom())))
        #expect(ours == foundations)
    }

    struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }

    @Test func aValueThatWritesNothingIsAnError() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Silent()) }
    }
}
