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
    static func between<State>(_ before: State, _ after: State, typeName: () -> String) -> String? {
        switch fieldDiff(before, after, typeName: typeName) {
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
        return text(lhsFields, rhsFields, changed, typeName: typeName())
    }

    /// custom-dump's layout (default format) for a struct root with the given changed fields.
    private static func text(
        _ lhsFields: [Mirror.Child], _ rhsFields: [Mirror.Child], _ changed: [Bool], typeName: String
    ) -> Outcome {
        var out = "  \(typeName)(\n"
        let last = rhsFields.count - 1
        var unchangedRun: [Int] = []
        func flushUnchanged() {
            guard let end = unchangedRun.last else { return }
            let terminator = end == last ? "\n" : ",\n"
            if unchangedRun.count == 1 {
                let field = rhsFields[end]
                out += prefixed(named(field, maxDepth: 0), "    ") + terminator
            } else {
                out += "    … (\(unchangedRun.count) unchanged)" + terminator
            }
            unchangedRun.removeAll(keepingCapacity: true)
        }
        for index in rhsFields.indices {
            guard changed[index] else {
                unchangedRun.append(index)
                continue
            }
            flushUnchanged()
            let separator = index == last ? "" : ","
            let before = named(lhsFields[index], maxDepth: .max)
            let after = named(rhsFields[index], maxDepth: .max)
            // Equal text for unequal values ("as Type", "Not equal but no difference"): let
            // custom-dump word it.
            guard before != after, !before.contains("\n"), !after.contains("\n") else { return .undecided }
            out += "-   " + before + separator + "\n+   " + after + separator + "\n"
        }
        flushUnchanged()
        out += "  )"
        return .changed(out)
    }

    /// `label: value` as custom-dump writes a field. Indented here rather than with
    /// custom-dump's `indent:`, which goes through Foundation's `replacingOccurrences` (half
    /// the cost of writing a small field).
    private static func named(_ field: Mirror.Child, maxDepth: Int) -> String {
        var dump = (field.label ?? "") + ": "
        if let plain = plainText(field.value) {
            dump += plain
        } else {
            customDump(field.value, to: &dump, maxDepth: maxDepth)
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
        guard text.contains("\n") else { return prefix + text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(
            separator: "\n")
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
