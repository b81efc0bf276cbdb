/// A key pressed in the terminal, decoded from the bytes a raw-mode terminal sends.
public enum TerminalKey: Sendable, Equatable {
    /// ↑
    case up
    /// ↓
    case down
    /// ←
    case left
    /// →
    case right
    /// Enter or Return.
    case enter
    /// Backspace.
    case backspace
    /// Delete (the forward one).
    case delete
    /// Escape on its own.
    case escape
    /// Tab.
    case tab
    /// A printable character.
    case character(Character)

    /// The keys in one read from the terminal: escape sequences for the arrows and Delete,
    /// control bytes for Enter, Backspace, Tab and Escape, and UTF-8 text. Bytes it does not
    /// know are skipped.
    public static func parse(_ bytes: [UInt8]) -> [TerminalKey] {
        var keys: [TerminalKey] = []
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            keys += String(decoding: text, as: UTF8.self).map { .character($0) }
            text.removeAll()
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte != 0x7F {
                text.append(byte)
                index += 1
                continue
            }
            flushText()
            switch byte {
            case 0x1B:
                let (key, length) = escapeSequence(bytes[(index + 1)...])
                keys.append(contentsOf: key.map { [$0] } ?? [])
                index += 1 + length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x09: keys.append(.tab)
            default: break
            }
            index += 1
        }
        flushText()
        return keys
    }

    /// The key after an ESC byte and how many bytes it took: `ESC [ A` is ↑, a lone ESC is
    /// Escape, an unknown sequence is skipped whole.
    private static func escapeSequence(_ rest: ArraySlice<UInt8>) -> (TerminalKey?, Int) {
        guard let introducer = rest.first, introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O")
        else { return (.escape, 0) }
        // Parameters (digits, ';') then one final byte in 0x40...0x7E.
        var length = 1
        var parameters: [UInt8] = []
        for byte in rest.dropFirst() {
            length += 1
            if (0x40...0x7E).contains(byte) {
                switch (byte, parameters) {
                case (UInt8(ascii: "A"), _): return (.up, length)
                case (UInt8(ascii: "B"), _): return (.down, length)
                case (UInt8(ascii: "C"), _): return (.right, length)
                case (UInt8(ascii: "D"), _): return (.left, length)
                case (UInt8(ascii: "~"), [UInt8(ascii: "3")]): return (.delete, length)
                default: return (nil, length)
                }
            }
            parameters.append(byte)
        }
        return (nil, length)
    }
}
