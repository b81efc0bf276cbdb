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

    private static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let scalar where scalar.value < 0x20:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
