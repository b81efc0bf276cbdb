import CustomDump

/// The diff of two states for a log line, exactly as swift-custom-dump's `diff` writes it,
/// made cheaply in the usual case: a struct whose changed fields are plain values.
///
/// swift-custom-dump describes both states through `Mirror` and compares every field through
/// reflection before it writes anything, which costs hundreds of microseconds for a state of a
/// kilobyte. Here the fields are compared first (`==` where they are `Equatable`), and only
/// the changed ones are written; an unchanged field is written the way custom-dump folds it
/// (`maxDepth: 0`). Anything else (a state that is not a struct, a changed field with fields
/// of its own, a field that is not `Equatable`, a type that customizes its dump) goes to
/// custom-dump's `diff` whole, so the text never differs from custom-dump's.
enum StateDiff {
    /// The diff of `before` and `after`, or `nil` when nothing changed.
    ///
    /// With a `layout`, the fields are read in place; without, through `Mirror`.
    static func between<State>(
        _ before: State, _ after: State, layout: StateLayout? = nil, typeName: () -> String
    ) -> String? {
        let outcome =
            if let layout {
                withUnsafeBytes(of: before) { lhs in
                    withUnsafeBytes(of: after) { rhs in fieldDiff(lhs, rhs, layout, typeName: typeName) }
                }
            } else {
                fieldDiff(before, after, typeName: typeName)
            }
        switch outcome {
        case .unchanged: return nil
        case .changed(let text): return text
        case .undecided: return diff(before, after)
        }
    }

    /// What comparing field by field found.
    enum Outcome: Equatable {
        case unchanged
        case changed(String)
        /// The fast path does not apply: custom-dump decides.
        case undecided
    }

    /// The fast path: field by field, custom-dump's text for a struct root.
    static func fieldDiff<State>(_ before: State, _ after: State, typeName: () -> String) -> Outcome {
        guard !isCustomized(after) else { return .undecided }
        let lhs = Mirror(reflecting: before)
        let rhs = Mirror(reflecting: after)
        guard lhs.displayStyle == .struct, rhs.displayStyle == .struct else { return .undecided }
        let lhsFields = Array(lhs.children)
        let rhsFields = Array(rhs.children)
        // One field is a single-value container to custom-dump, written differently.
        guard lhsFields.count == rhsFields.count, lhsFields.count > 1 else { return .undecided }
        var changed = [Bool](repeating: false, count: rhsFields.count)
        var anyChanged = false
        for index in rhsFields.indices {
            let (left, right) = (lhsFields[index], rhsFields[index])
            // Macro-generated storage (`_$…`) is filtered by custom-dump.
            guard let label = right.label, left.label == label, !label.hasPrefix("_$") else { return .undecided }
            guard let same = isEqual(left.value, right.value) else { return .undecided }
            if !same {
                guard isLeaf(left.value), isLeaf(right.value) else { return .undecided }
                changed[index] = true
                anyChanged = true
            }
        }
        guard anyChanged else { return .unchanged }
        return text(
            changed, typeName: typeName(),
            changedField: { (named(lhsFields[$0], maxDepth: .max), named(rhsFields[$0], maxDepth: .max)) },
            folded: { prefixed(named(lhsFields[$0], maxDepth: 0), "    ") })
    }

    /// The fast path with the state's layout: the fields compared and read in place, in the
    /// bytes of the two states. Not generic, so that it runs specialized.
    static func fieldDiff(
        _ lhsBytes: UnsafeRawBufferPointer, _ rhsBytes: UnsafeRawBufferPointer, _ layout: StateLayout,
        typeName: () -> String
    ) -> Outcome {
        // Fields of no size: nothing to point at; custom-dump decides.
        guard let lhs = lhsBytes.baseAddress, let rhs = rhsBytes.baseAddress else { return .undecided }
        let fields = layout.fields
        var changed = [Bool](repeating: false, count: fields.count)
        var anyChanged = false
        for index in fields.indices where !fields[index].isEqual(lhs, rhs) {
            layout.forgetFold(index)
            guard isLeaf(fields[index].value(lhs)), isLeaf(fields[index].value(rhs)) else { return .undecided }
            changed[index] = true
            anyChanged = true
        }
        guard anyChanged else { return .unchanged }
        func field(_ index: Int, _ state: UnsafeRawPointer, maxDepth: Int) -> String {
            named(fields[index].label, fields[index].value(state), maxDepth: maxDepth)
        }
        return text(
            changed, typeName: typeName(),
            changedField: { (field($0, lhs, maxDepth: .max), field($0, rhs, maxDepth: .max)) },
            folded: { index in layout.folded(index, in: lhs) { prefixed(field(index, lhs, maxDepth: 0), "    ") } })
    }

    /// custom-dump's layout (default format) for a struct root with the given changed fields:
    /// `changedField` writes a changed field before and after, `folded` an unchanged one
    /// (indented), as it was before: custom-dump writes an unchanged field from the first
    /// value (`-0.0` for a `0.0` that became `-0.0`, which `==` calls equal).
    private static func text(
        _ changed: [Bool], typeName: String, changedField: (Int) -> (before: String, after: String),
        folded: (Int) -> String
    ) -> Outcome {
        // Written as UTF-8 and made a string once: appending to a string checks every piece
        // (grapheme boundaries past the first non-ASCII one, the `…` of a folded field).
        var out: [UInt8] = []
        out.reserveCapacity(256)
        func write(_ piece: String) { out.append(contentsOf: piece.utf8) }
        write("  ")
        write(typeName)
        write("(\n")
        let last = changed.count - 1
        for index in changed.indices {
            let separator = index == last ? "\n" : ",\n"
            // custom-dump does not collapse a struct's unchanged fields: each is written folded.
            guard changed[index] else {
                write(folded(index))
                write(separator)
                continue
            }
            let (before, after) = changedField(index)
            // Equal text for unequal values ("as Type", "Not equal but no difference"): let
            // custom-dump word it.
            guard before != after, !hasNewline(before), !hasNewline(after) else { return .undecided }
            write("-   ")
            write(before)
            write(separator)
            write("+   ")
            write(after)
            write(separator)
        }
        write("  )")
        return .changed(String(decoding: out, as: UTF8.self))
    }

    /// `label: value` as custom-dump writes a field. Indented here rather than with
    /// custom-dump's `indent:`, which goes through Foundation's `replacingOccurrences` (half
    /// the cost of writing a small field).
    private static func named(_ field: Mirror.Child, maxDepth: Int) -> String {
        named(field.label ?? "", field.value, maxDepth: maxDepth)
    }

    private static func named(_ label: String, _ value: Any, maxDepth: Int) -> String {
        var dump = label + ": "
        if let plain = plainText(value) {
            dump += plain
        } else {
            // custom-dump's diff writes a field as a child, not a root: an enum case without its
            // type's name (`.light`, not `Mode.light`). `customDump` writes its value as a
            // root, and the value an `Optional` wraps as a child, at the same depth.
            customDump(Any?.some(value), to: &dump, maxDepth: maxDepth)
        }
        return dump
    }

    /// The text custom-dump writes for an `Int`, a `Double` or a `Bool` (`"\(value)"`, its
    /// last case), without the dozen casts it makes to get there; `nil` for anything else.
    private static func plainText(_ value: Any) -> String? {
        switch value {
        case let value as Int: "\(value)"
        case let value as Double: "\(value)"
        case let value as Bool: "\(value)"
        default: nil
        }
    }

    /// Every line of `text` with `prefix` in front.
    private static func prefixed(_ text: String, _ prefix: String) -> String {
        guard text.utf8.contains(newline) else { return prefix + text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(
            separator: "\n")
    }

    /// A line feed, in UTF-8 (a `\n` is one; searching the bytes skips grapheme breaking).
    private static var newline: UInt8 { UInt8(ascii: "\n") }

    /// `text.contains("\n")`, its bytes searched first: no line feed byte, no newline.
    private static func hasNewline(_ text: String) -> Bool {
        text.utf8.contains(newline) && text.contains("\n")
    }

    /// `==` when both are the same `Equatable` type; `nil` when that cannot tell.
    static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
        guard let lhs = lhs as? any Equatable else { return nil }
        func open<T: Equatable>(_ lhs: T) -> Bool? {
            guard let rhs = rhs as? T else { return nil }
            return lhs == rhs
        }
        return open(lhs)
    }

    /// A value custom-dump writes on one line as a whole when it changes: no fields or
    /// payload, not a multi-line string, no custom dump.
    private static func isLeaf(_ value: Any) -> Bool {
        if value is Int || value is Double || value is Bool { return true }
        // custom-dump writes two of these whole (its own text), like any leaf.
        if value is any CustomDumpStringConvertible { return true }
        guard !isCustomized(value) else { return false }
        let mirror = Mirror(reflecting: value)
        guard mirror.children.isEmpty else { return false }
        switch mirror.displayStyle {
        case nil, .enum?: break
        default: return false
        }
        if let text = value as? String, text.contains(where: \.isNewline) { return false }
        if let text = value as? Substring, text.contains(where: \.isNewline) { return false }
        return true
    }

    /// Whether custom-dump writes the value its own way rather than through its mirror.
    private static func isCustomized(_ value: Any) -> Bool {
        value is any CustomDumpStringConvertible || value is any CustomDumpRepresentable
            || value is any CustomDumpReflectable
    }
}
