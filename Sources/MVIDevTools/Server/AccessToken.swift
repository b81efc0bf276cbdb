#if DevTools
/// The secret in the page's URL: 256 random bits, as 64 hexadecimal digits. The page and its
/// WebSocket are refused without it.
struct AccessToken: Sendable {
    let text: String

    /// A new token from the system's secure random number generator.
    static func random() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<4 {
            var word = generator.next() as UInt64
            for _ in 0..<16 {
                text.append(digits[Int(word & 0xf)])
                word >>= 4
            }
        }
        return AccessToken(text: text)
    }

    /// Compares in time that depends on the candidate's length only, never on where the
    /// first difference is, so the token cannot be guessed a digit at a time.
    func matches(_ candidate: some StringProtocol) -> Bool {
        let expected = Array(text.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(truncatingIfNeeded: expected.count ^ given.count)
        for index in given.indices {
            difference |= given[index] ^ expected[index % expected.count]
        }
        return difference == 0 && given.count == expected.count
    }
}
#endif
