/// A key pressed in the terminal.
public enum SyncUpsKey: Sendable, Equatable {
    /// The arrows, Enter, Backspace, Delete (the forward one), Escape on its own, and Tab.
    case up, down, left, right, enter, backspace, delete, escape, tab
    /// A letter typed with Ctrl (`control("n")` is Ctrl-N).
    case control(Character)
    /// A printable character.
    case character(Character)

    /// The keys in one read from a raw-mode terminal; bytes it does not know are skipped.
    public static func parse(_ bytes: [UInt8]) -> [SyncUpsKey] {
        var keys: [SyncUpsKey] = []
        var text: [UInt8] = []
        var index = 0
        func flushText() {
            keys += String(decoding: text, as: UTF8.self).map { .character($0) }
            text.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte >= 0x20 && byte != 0x7F {
                text.append(byte)
                continue
            }
            flushText()
            switch byte {
            case 0x1B:
                let (key, length) = escapeSequence(bytes[index...])
                if let key { keys.append(key) }
                index += length
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x09: keys.append(.tab)
            case 0x01...0x1A: keys.append(.control(Character(UnicodeScalar(byte + 0x60))))
            default: break
            }
        }
        flushText()
        return keys
    }

    /// The key after an ESC byte and how many bytes it took: a lone ESC is Escape.
    private static func escapeSequence(_ rest: ArraySlice<UInt8>) -> (SyncUpsKey?, Int) {
        guard let introducer = rest.first, introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            return (.escape, 0)
        }
        var length = 1
        var parameters: [UInt8] = []
        for byte in rest.dropFirst() {
            length += 1
            guard (0x40...0x7E).contains(byte) else {
                parameters.append(byte)
                continue
            }
            switch (byte, parameters) {
            case (UInt8(ascii: "A"), _): return (.up, length)
            case (UInt8(ascii: "B"), _): return (.down, length)
            case (UInt8(ascii: "C"), _): return (.right, length)
            case (UInt8(ascii: "D"), _): return (.left, length)
            case (UInt8(ascii: "~"), [UInt8(ascii: "3")]): return (.delete, length)
            default: return (nil, length)
            }
        }
        return (nil, length)
    }

    /// The keys of a line-mode command: `<enter>`, `<esc>`, `<up>`, `<down>`, `<left>`,
    /// `<right>`, `<tab>`, `<bs>`, `<del>`, `<c-n>` (any Ctrl letter); anything else is typed.
    public static func parse(line: String) -> [SyncUpsKey] {
        var keys: [SyncUpsKey] = []
        var rest = Substring(line)
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">"),
                let key = named(rest[rest.index(after: rest.startIndex)..<close])
            {
                keys.append(key)
                rest = rest[rest.index(after: close)...]
            } else {
                keys.append(.character(first))
                rest = rest.dropFirst()
            }
        }
        return keys
    }

    private static func named(_ name: Substring) -> SyncUpsKey? {
        switch name {
        case "enter": .enter
        case "esc": .escape
        case "up": .up
        case "down": .down
        case "left": .left
        case "right": .right
        case "tab": .tab
        case "bs": .backspace
        case "del": .delete
        default: name.hasPrefix("c-") && name.count == 3 ? name.last.map { .control($0) } : nil
        }
    }
}
