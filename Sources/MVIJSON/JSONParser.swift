/// A small JSON parser into `JSONValue`: time-travel import reads recordings with it, the
/// debugger reads the page's messages with it.
///
/// Foundation's decoder can only find a value's type by trying each type in turn, which
/// throws (and, under a test runner, captures a backtrace) for most values; this parser
/// throws once, at the first error, with its byte offset. Nesting is limited to 512 levels.
///
/// A number too large for a `Double` (such as `1e400`) is valid JSON, but not a number this
/// format can hold: it fails as ``Failure/Kind/numberOutOfRange(literal:)``, with the path of
/// the value (filled in as the failure leaves each enclosing array and object, so parsing
/// pays nothing for it). A number keeps its text as written.
public struct JSONParser {
    /// Why parsing failed, and where.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public enum Kind: Equatable, Sendable {
            /// Not JSON: what was expected.
            case syntax(String)
            /// Valid JSON, but a number beyond `Double`'s range, as written (shortened).
            case numberOutOfRange(literal: String)
        }

        /// A step of a value's path: a key of an object or an index of an array.
        public enum Step: Sendable {
            /// A key of an object.
            case key(String)
            /// An index of an array.
            case index(Int)
        }

        /// The byte offset of the failure.
        public let offset: Int
        /// What went wrong.
        public let kind: Kind
        /// Where the failing value is, outermost first.
        public var path: [Step] = []

        /// `events[3].value`-style, or `(root)`.
        package var pathDescription: String {
            var text = ""
            for step in path {
                switch step {
                case .index(let index): text += "[\(index)]"
                case .key(let key): text += text.isEmpty ? key : ".\(key)"
                }
            }
            return text.isEmpty ? "(root)" : text
        }

        /// What went wrong and where, in a sentence.
        public var description: String {
            switch kind {
            case .syntax(let message): "\(message) at byte \(offset)"
            case .numberOutOfRange(let literal):
                "number \(literal) at \(pathDescription) (byte \(offset)) is out of range"
            }
        }
    }

    /// The longest number text an error shows; longer ones are cut and end with "…".
    package static let maxShownLiteral = 40

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// The JSON value `bytes` (UTF-8) hold, or the first error in them.
    public static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes))
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected data after the value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func failure(_ message: String) -> Failure {
        Failure(offset: index, kind: .syntax(message))
    }

    /// `text`, cut to ``maxShownLiteral`` characters.
    package static func shortened(_ text: String) -> String {
        text.count <= maxShownLiteral ? text : text.prefix(maxShownLiteral) + "…"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of data") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character")
        }
    }

    private mutating func expect(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw failure("invalid literal") }
            index += 1
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > 512 { throw failure("nesting too deep") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        if try open(closing: UInt8(ascii: "}")) { return .object(fields) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            do {
                fields[key] = try parseValue()
            } catch {
                var failure = error
                failure.path.insert(.key(key), at: 0)
                throw failure
            }
        } while try another(closing: UInt8(ascii: "}"), "expected ',' or '}'")
        return .object(fields)
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        var elements: [JSONValue] = []
        if try open(closing: UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            skipWhitespace()
            do {
                elements.append(try parseValue())
            } catch {
                var failure = error
                failure.path.insert(.index(elements.count), at: 0)
                throw failure
            }
        } while try another(closing: UInt8(ascii: "]"), "expected ',' or ']'")
        return .array(elements)
    }

    /// Enters the object or array whose opening bracket is at `index`; `true` if `close`
    /// follows at once (it is empty, and has been left).
    private mutating func open(closing close: UInt8) throws(Failure) -> Bool {
        try enter()
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        depth -= 1
        return true
    }

    /// After a member of an object or array: `true` past a `,` (another member follows),
    /// `false` past `close` (the object or array has been left); `expected` is the failure
    /// for anything else.
    private mutating func another(closing close: UInt8, _ expected: String) throws(Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of data") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return true
        }
        guard bytes[index] == close else { throw failure(expected) }
        index += 1
        depth -= 1
        return false
    }

    /// The number's text as written, once checked to be a JSON number a `Double` can hold.
    private mutating func parseNumber() throws(Failure) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        func skipDigits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, digits.contains(parser.bytes[parser.index]) { parser.index += 1 }
            return parser.index - from
        }
        guard skipDigits(&self) > 0 else { throw failure("invalid number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits(&self) > 0 else { throw failure("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard skipDigits(&self) > 0 else { throw failure("invalid number") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw failure("invalid number") }
        guard value.isFinite else {
            throw Failure(offset: start, kind: .numberOutOfRange(literal: Self.shortened(text)))
        }
        return text
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index  // start of a run of plain bytes
        var result = ""
        func flush(_ parser: JSONParser, to end: Int) -> String {
            String(decoding: parser.bytes[run..<end], as: UTF8.self)
        }
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                result += flush(self, to: index)
                index += 1
                return result
            }
            if byte < 0x20 { throw failure("control character in string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            result += flush(self, to: index)
            index += 1
            guard index < bytes.count else { throw failure("unterminated string") }
            let escaped = bytes[index]
            index += 1
            scalars.removeAll()
            switch escaped {
            case UInt8(ascii: "\""): result += "\""
            case UInt8(ascii: "\\"): result += "\\"
            case UInt8(ascii: "/"): result += "/"
            case UInt8(ascii: "b"): result += "\u{08}"
            case UInt8(ascii: "f"): result += "\u{0C}"
            case UInt8(ascii: "n"): result += "\n"
            case UInt8(ascii: "r"): result += "\r"
            case UInt8(ascii: "t"): result += "\t"
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw failure("unpaired surrogate") }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw failure("invalid unicode escape") }
                scalars.append(scalar)
                result += String(scalars)
            default:
                throw failure("invalid escape")
            }
            run = index
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("invalid unicode escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid unicode escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
