/// A cheap structural scan of bytes that failed to parse as JSON, to tell a truncated file
/// (an object or array left open, a string unterminated) from one that is not JSON at all.
enum JSONShape {
    static func looksTruncated(_ bytes: [UInt8]) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        var sawStructure = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                sawStructure = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { return false }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                break
            default:
                // Outside strings JSON has only numbers, literals and punctuation.
                if !sawStructure { return false }
                if byte < 0x20 || byte >= 0x80 { return false }
            }
        }
        return sawStructure && (depth > 0 || inString)
    }

    /// Where the number that is the value of `key` in the top-level object is, when `bytes`
    /// hold an object with that key and a number token as its value; `nil` otherwise. A
    /// structural scan: it does not check that the rest is valid JSON.
    static func numberRange(ofTopLevelKey key: String, in bytes: [UInt8]) -> Range<Int>? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipWhitespace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        while true {
            scanner.skipWhitespace()
            guard let name = scanner.string() else { return nil }
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipWhitespace()
            if bytes[name].elementsEqual(key.utf8) {
                let start = scanner.index
                while scanner.index < bytes.count, numberBytes.contains(bytes[scanner.index]) { scanner.index += 1 }
                return start < scanner.index ? start..<scanner.index : nil
            }
            guard scanner.skipValue() else { return nil }
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// The bytes a JSON number token is made of.
    private static let numberBytes = Set("-+.eE0123456789".utf8)

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string's contents (between the quotes, escapes as written).
        mutating func string() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return start..<(index - 1)
                default: index += 1
                }
            }
            return nil
        }

        /// Skips one value: a string, or anything up to the `,` or `}` that ends it at this depth.
        mutating func skipValue() -> Bool {
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                default: break
                }
                index += 1
            }
            return false
        }
    }
}
