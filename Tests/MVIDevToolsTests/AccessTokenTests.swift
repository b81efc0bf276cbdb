import Testing

@testable import MVIDevTools

@Suite("The access token")
struct AccessTokenTests {
    @Test func isRandomHexOf256Bits() {
        let tokens = (0..<100).map { _ in AccessToken.random().text }
        #expect(Set(tokens).count == tokens.count)
        #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy { $0.isHexDigit } })
    }

    @Test func matchesOnlyItself() {
        let token = AccessToken.random()
        #expect(token.matches(token.text))
        #expect(!token.matches(""))
        #expect(!token.matches(token.text.dropLast()))
        #expect(!token.matches(token.text + "0"))
        var flipped = Array(token.text)
        flipped[63] = flipped[63] == "0" ? "1" : "0"
        #expect(!token.matches(String(flipped)))
        // Repeating the token does not match: the comparison wraps indices but checks lengths.
        #expect(!token.matches(token.text + token.text))
    }
}
