/// A JSON number's value, exactly as written: `sign × digits × 10^exponent`, with no leading
/// or trailing zeros in `digits`, so that two texts of one value (`1`, `1.0`, `10e-1`) give
/// equal numbers and two different values never do.
///
/// How the package compares numbers and checks that a number fits a type without passing it
/// through `Double`.
package struct JSONNumber: Hashable, Sendable {
    /// Whether the number is below zero (never for zero).
    package var isNegative: Bool
    /// The significant digits, as ASCII digits, without leading or trailing zeros; empty for zero.
    package var digits: [UInt8]
    /// The power of ten `digits` is multiplied by.
    package var exponent: Int

    /// An exponent beyond this is out of the range of every type the package decodes into;
    /// larger ones are clamped to it, so that text such as `1e999999999999999999` cannot
    /// overflow the arithmetic.
    static let exponentLimit = 1_000_000

    /// The number `text` denotes, or `nil` if it is not a JSON number. Also reads Swift's
    /// descriptions of floating-point values (`1e+20`, `5e-324`).
    package init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var digits: [UInt8] = []
        var exponent = 0
        guard Self.takeDigits(bytes, &index, into: &digits) > 0 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionDigits = Self.takeDigits(bytes, &index, into: &digits)
            guard fractionDigits > 0 else { return nil }
            exponent -= fractionDigits
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var negativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var exponentDigits = 0
            while index < bytes.count, Self.isDigit(bytes[index]) {
                written = Swift.min(written * 10 + Int(bytes[index] - UInt8(ascii: "0")), Self.exponentLimit * 2)
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += negativeExponent ? -written : written
        }
        guard index == bytes.count else { return nil }
        let firstSignificant = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? digits.count
        digits.removeFirst(firstSignificant)
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty {
            negative = false
            exponent = 0
        }
        self.isNegative = negative
        self.digits = digits
        self.exponent = Swift.max(-Self.exponentLimit, Swift.min(Self.exponentLimit, exponent))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Appends the digits of `bytes` from `index` on to `digits`, moving `index` past them;
    /// returns how many there were.
    private static func takeDigits(_ bytes: [UInt8], _ index: inout Int, into digits: inout [UInt8]) -> Int {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) {
            digits.append(bytes[index])
            index += 1
        }
        return index - start
    }

    /// Whether the number is a whole number.
    package var isWhole: Bool { exponent >= 0 }

    /// The number as an integer of type `I`, if it is a whole number in `I`'s range.
    package func exactly<I: FixedWidthInteger>(_ type: I.Type) -> I? {
        guard isWhole, digits.count + exponent <= 40 else { return nil }
        // The magnitude, in the widest unsigned type; an overflow is out of every range.
        var magnitude: UInt64 = 0
        for digit in digits + repeatElement(UInt8(ascii: "0"), count: exponent) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
        }
        guard isNegative else { return I(exactly: magnitude) }
        guard I.isSigned else { return nil }
        if magnitude == UInt64(Int64.max) + 1 { return I(exactly: Int64.min) }
        guard let positive = Int64(exactly: magnitude) else { return nil }
        return I(exactly: -positive)
    }

    /// The number as a `BinaryFloatingPoint` value of type `F`, if `F` holds it exactly as
    /// written: the value `F` reads from the text is the one whose shortest description has
    /// this same value. `0.1` fits a `Double` (it reads back as `0.1`);
    /// `1234567890123456789` does not (a `Double` has it as `1234567890123456768`).
    package func exactly<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: F.Type, text: some StringProtocol
    ) -> F? {
        guard let value = F(String(text)), value.isFinite else { return nil }
        guard let readBack = JSONNumber(value.description), readBack == self else { return nil }
        return value
    }
}
