import Foundation
import MVIJSON
import Testing

/// The code of the MVIJSON landing page (MVIJSON.md), compiled and run: if the sample stops
/// compiling, this file does too. Keep them in sync.
@Suite("MVIJSON documentation")
struct DocumentationTests {
    struct Row: Decodable {
        var id: Int64
        var price: Decimal
    }

    @Test func theLandingPageSample() throws {
        let json = try JSONParser.parse(Array(#"{"id": 1234567890123456789, "price": 19.99}"#.utf8))
        let row = try JSONValueDecoder().decode(Row.self, from: json)
        #expect(row.id == 1_234_567_890_123_456_789)
        #expect(row.price == Decimal(string: "19.99"))

        var described = ""
        do {
            _ = try JSONValueDecoder().decode(Row.self, from: .object(["id": .number("1e19"), "price": .number("0")]))
        } catch {
            described = JSONValueDecoder.describe(error)
        }
        #expect(described == "id: The number 1e19 does not fit in Int64 (-9223372036854775808 to 9223372036854775807)")
    }
}
