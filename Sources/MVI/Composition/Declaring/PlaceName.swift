/// The name of a child's place from its key path: the whole path below the parent's state
/// (`\State.rows` gives `rows`, `\State.left.editor` gives `left.editor`), so that two
/// children at different places never share a name, and with it their work ids.
///
/// A computed property's key path has no name to read, only an address that changes from run
/// to run: its text without the address (`<computed Optional<Editor>>`) is never used as a
/// name (``ChildPlace`` names such a child by its feature's type instead).
@usableFromInline
func propertyName(of keyPath: AnyKeyPath) -> String {
    var description = String(describing: keyPath)
    // `\State.left.editor`: the root type's name ends at the first dot (a key path's
    // description names the root without its enclosing types).
    if description.hasPrefix("\\"), let dot = description.firstIndex(of: ".") {
        description = String(description[description.index(after: dot)...])
    }
    // Optional chaining shows as `editor?.text?`: the place is the same without the marks.
    description.removeAll { $0 == "?" }
    return removingAddresses(from: description)
}

/// `<computed 0x000055d785b08090 (Optional<State>)>` without its address:
/// `<computed Optional<State>>`.
private func removingAddresses(from text: String) -> String {
    let marker = Array("<computed 0x")
    let characters = Array(text)
    var result = ""
    var index = 0
    while index < characters.count {
        guard characters[index...].starts(with: marker) else {
            result.append(characters[index])
            index += 1
            continue
        }
        result += "<computed "
        index += marker.count
        while index < characters.count, characters[index].isHexDigit { index += 1 }
        while index < characters.count, characters[index] == " " { index += 1 }
        // The type in parentheses (which may hold parentheses of its own), without them.
        guard index < characters.count, characters[index] == "(" else { continue }
        var depth = 0
        var close = index
        while close < characters.count {
            if characters[close] == "(" { depth += 1 }
            if characters[close] == ")" { depth -= 1 }
            if depth == 0 { break }
            close += 1
        }
        guard close < characters.count else { continue }
        result += String(characters[(index + 1)..<close])
        index = close + 1
    }
    return result
}
