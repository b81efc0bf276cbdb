/// JSON text with sorted keys, as interaction snapshots are written.
extension JSONValue {
    /// The value on one line, for sorting set elements.
    package var compactText: String {
        var text = ""
        write(to: &text, indent: nil, level: 0)
        return text
    }

    /// The value with two-space indentation and sorted keys.
    package var prettyPrinted: String {
        var text = ""
        write(to: &text, indent: "  ", level: 0)
        return text
    }

    private func write(to text: inout String, indent: String?, level: Int) {
        let newline = indent == nil ? "" : "\n"
        let pad = { (level: Int) in String(repeating: indent ?? "", count: level) }
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += value
        case .string(let value): text += Self.quoted(value)
        case .array(let values):
            if values.isEmpty { text += "[]"; return }
            text += "[" + newline
            for (index, value) in values.enumerated() {
                text += pad(level + 1)
                value.write(to: &text, indent: indent, level: level + 1)
                text += (index < values.count - 1 ? "," : "") + newline
            }
            text += pad(level) + "]"
        case .object(let fields):
            if fields.isEmpty { text += "{}"; return }
            text += "{" + newline
            let keys = fields.keys.sorted()
            for (index, key) in keys.enumerated() {
                text += pad(level + 1) + Self.quoted(key) + (indent == nil ? ":" : " : ")
                fields[key]?.write(to: &text, indent: indent, level: level + 1)
                text += (index < keys.count - 1 ? "," : "") + newline
            }
            text += pad(level) + "}"
        }
    }

    /// `string` as a JSON string literal, quotes included: the one escaper of this package
    /// (recordings, interaction snapshots, the debugger's frames).
    ///
    /// Escapes `"`, `\`, every control character (U+0000 to U+001F, the common ones as `\n`,
    /// `\r`, `\t`, `\b`, `\f`), and U+2028 and U+2029, which JSON allows raw but which end a
    /// line in JavaScript source, so that the text is safe wherever a page puts it.
    package static func quoted(_ string: String) -> String {
        var result = ""
        appendQuoted(string, to: &result)
        return result
    }

    /// Appends `string` as a JSON string literal to `text`; see ``quoted(_:)``.
    package static func appendQuoted(_ string: String, to text: inout String) {
        text.reserveCapacity(text.utf8.count + string.utf8.count + 2)
        text += "\""
        var plain = string.unicodeScalars.startIndex  // start of a run needing no escape
        let scalars = string.unicodeScalars
        var index = plain
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? =
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                case "\u{08}": "\\b"
                case "\u{0C}": "\\f"
                case "\u{2028}": "\\u2028"
                case "\u{2029}": "\\u2029"
                default: scalar.value < 0x20 ? unicodeEscape(scalar.value) : nil
                }
            if let escape {
                text.unicodeScalars.append(contentsOf: scalars[plain..<index])
                text += escape
                plain = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        text.unicodeScalars.append(contentsOf: scalars[plain..<index])
        text += "\""
    }

    /// `\u00XX` for a control character.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
