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
}
