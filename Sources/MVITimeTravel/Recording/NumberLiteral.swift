/// What a JSON number literal denotes, judged exactly on its decimal text (a `Double` rounds:
/// `1.0000000000000001` reads as 1.0).
enum NumberLiteral {
    enum Wholeness: Equatable {
        /// A whole number that fits an `Int`: `1`, `1.0`, `10e-1`, `-3`.
        case whole(Int)
        /// A whole number too large for an `Int`: `1e30`.
        case tooLarge
        /// Not a whole number (`1.5`), or not a JSON number at all.
        case fractional
    }

    /// Whether `literal` (a JSON number: `-`, digits, `.` digits, `e` sign digits) is a whole
    /// number, and which.
    static func wholeNumber(_ literal: String) -> Wholeness {
        var bytes = Array(literal.utf8)[...]
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { bytes = bytes.dropFirst() }
        let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let integer = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(integer.count)
        var fraction = ArraySlice<UInt8>()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: isDigit)
            bytes = bytes.dropFirst(fraction.count)
        }
        var exponent = 0
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentIsNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentIsNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            let digits = bytes.prefix(while: isDigit)
            guard !digits.isEmpty else { return .fractional }
            bytes = bytes.dropFirst(digits.count)
            // Saturates: an exponent beyond a million makes any nonzero number fractional or
            // too large alike, whatever its digits.
            for digit in digits { exponent = Swift.min(exponent * 10 + Int(digit - UInt8(ascii: "0")), 1_000_000) }
            if exponentIsNegative { exponent = -exponent }
        }
        guard !integer.isEmpty, bytes.isEmpty else { return .fractional }
        // The value is `digits` × 10^`scale`, digits without leading or trailing zeros.
        var digits = Array(integer) + Array(fraction)
        var scale = exponent - fraction.count
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            scale += 1
        }
        digits.removeFirst(digits.prefix(while: { $0 == UInt8(ascii: "0") }).count)
        if digits.isEmpty { return .whole(0) }
        guard scale >= 0 else { return .fractional }
        // Int.max has 19 digits: 18 or fewer always fit, more go through checked arithmetic.
        guard digits.count + scale <= 19 else { return .tooLarge }
        var value = 0
        for digit in digits + [UInt8](repeating: UInt8(ascii: "0"), count: scale) {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return .tooLarge }
            value = next
        }
        return .whole(isNegative ? -value : value)
    }
}
