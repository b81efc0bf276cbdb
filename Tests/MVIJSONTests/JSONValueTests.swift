import Foundation
import MVIJSON
import Testing

/// Numbers keep their digits; one string escaper, fuzzed against the parser.
@Suite("JSONValue")
struct JSONValueTests {
    @Test func numbersCompareByTheirDecimalValue() {
        #expect(JSONValue.number("1") == .number("1.0"))
        #expect(JSONValue.number("1") == .number("10e-1"))
        #expect(JSONValue.number("-0") == .number("0.0"))
        #expect(JSONValue.number("1e+20") == .number("100000000000000000000"))
        #expect(JSONValue.number("1234567890123456789") != .number("1234567890123456800"))
        #expect(Set([JSONValue.number("2"), .number("2.00"), .number("2e0")]).count == 1)
        #expect(JSONValue.number(0.1) == .number("0.1"))
    }

    /// Through Foundation's coders, a whole number keeps its digits.
    @Test func wholeNumbersSurviveFoundationsCoders() throws {
        let value = JSONValue.object(["id": .number("1234567890123456789"), "max": .number("18446744073709551615")])
        let data = try JSONEncoder().encode(value)
        #expect(String(decoding: data, as: UTF8.self).contains("1234567890123456789"))
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }

    @Test func theParserNamesWhereANumberIsOutOfRange() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(#"{"a": [1, 1e400]}"#.utf8)) }
        do {
            _ = try JSONParser.parse(Array(#"{"a": [1, 1e400]}"#.utf8))
        } catch {
            #expect(error.kind == .numberOutOfRange(literal: "1e400"))
            #expect(error.pathDescription == "a[1]")
        }
    }

    @Test func theEscaperEscapesWhatJSONAndJavaScriptNeed() {
        #expect(JSONValue.quoted("a\"b\\c\nd\re\tf") == #""a\"b\\c\nd\re\tf""#)
        #expect(JSONValue.quoted("\u{0}\u{1F}\u{7F}") == "\"\\u0000\\u001f\u{7F}\"")
        #expect(JSONValue.quoted("\u{2028}\u{2029}") == #""\u2028\u2029""#)
        #expect(JSONValue.quoted("🦉 é") == "\"🦉 é\"")
    }

    /// Random strings of quotes, backslashes, controls, separators and emoji: each escapes to
    /// one line of ASCII-safe JSON that the parser reads back as the same string.
    @Test func theEscaperRoundTripsRandomStrings() throws {
        var generator = SeededGenerator(seed: 2028)
        let pool: [Unicode.Scalar] = [
            "\"", "\\", "/", "#", "\n", "\r", "\t", "\u{0}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "\u{85}",
            "\u{2028}", "\u{2029}", "\u{FEFF}", "a", " ", "é", "中", "🦉", "u", "0",
        ]
        for _ in 0..<5_000 {
            var string = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                if Bool.random(using: &generator) {
                    string.append(pool.randomElement(using: &generator)!)  // the pool is not empty
                } else if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator)) {
                    string.append(scalar)
                }
            }
            let text = String(string)
            let quoted = JSONValue.quoted(text)
            #expect(try JSONParser.parse(Array(quoted.utf8)) == .string(text), "\(quoted)")
            #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
            // Foundation reads it the same.
            #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == text)
        }
    }
}

/// A small deterministic generator (SplitMix64), so that a failure can be reproduced.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
