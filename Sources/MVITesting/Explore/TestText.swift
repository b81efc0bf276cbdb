import MVI

/// The `TestStore` test `explore` prints for a failure: the sequence's intents, with the state
/// changes they made, its clock advances, and its dependency answers as comments, ready to
/// paste into a test of the feature.
///
/// It is not exhaustive (`exhaustivity: .off`): explore chose the order the feature's work
/// ran in, which a test store need not repeat, so the test asserts the fields each step
/// changed. Values are written as Swift source, by ``SwiftLiteral``.
enum TestText {
    /// The test's body for `sequence`, which broke `reason`; `testStore` is the expression
    /// its store is made with, or a default that names the feature's type.
    static func make<F: Feature>(
        _ sequence: ExploreSequence<F>, initialState: F.State, reason: String, testStore: String?
    ) -> String {
        let store = testStore ?? "TestStore(\(F.self)(), initialState: \(literal(initialState)))"
        var lines = ["let store = \(store)", "store.exhaustivity = .off"]
        var asserted = initialState
        var current = initialState
        var pending: [String] = []
        for step in sequence.steps {
            for case .message(_, _, let after) in step.events { current = after }
            switch step.action {
            case .send(let intent):
                lines += assertion(from: asserted, to: stateBefore(step, or: current), then: &pending)
                let changes = fieldChanges(from: stateBefore(step, or: current), to: current)
                lines.append(
                    "await store.send(\(literal(intent)))" + (changes.isEmpty ? "" : " {\n" + block(changes) + "\n}"))
                asserted = current
            case .advance(let duration):
                pending.append("await clock.advance(by: \(literal(duration)))")
            case .answer(_, let name, _, let kind, let delayed):
                pending.append("// \(name) answered: \(kind.rawValue)\(delayed ? ", after a delay" : "")")
            case .start, .idle, .runJob: break
            }
            lines += pending
            pending.removeAll()
        }
        lines += assertion(from: asserted, to: current, then: &pending)
        lines.append("// Here \"\(reason)\" fails.")
        return lines.joined(separator: "\n")
    }

    /// The state before the step's first message, or `current` if it made none.
    private static func stateBefore<F: Feature>(_ step: ExploreSequence<F>.Step, or current: F.State) -> F.State {
        for case .message(_, let before, _) in step.events { return before }
        return current
    }

    /// `store.assert { … }` for the fields that changed since the test last asserted.
    private static func assertion<State>(
        from asserted: State, to state: State, then pending: inout [String]
    )
        -> [String]
    {
        let changes = fieldChanges(from: asserted, to: state)
        return changes.isEmpty ? [] : ["await store.assert {\n" + block(changes) + "\n}"]
    }

    /// `$0.field = value` for each stored property whose value changed (or `$0 = value` for a
    /// state that is not a struct).
    static func fieldChanges<State>(from before: State, to after: State) -> [String] {
        let old = Mirror(reflecting: before)
        let new = Mirror(reflecting: after)
        guard new.displayStyle == .struct, old.children.count == new.children.count else {
            let value = literal(after)
            return value == literal(before) ? [] : ["$0 = \(value)"]
        }
        return zip(old.children, new.children).compactMap { old, new in
            guard let label = new.label else { return nil }
            let value = literal(new.value)
            return value == literal(old.value) ? nil : "$0.\(label) = \(value)"
        }
    }

    /// Lines indented by four spaces.
    private static func block(_ lines: [String]) -> String {
        lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map { "    " + $0 }
            .joined(separator: "\n")
    }

    /// A value as Swift source (see ``SwiftLiteral``).
    static func literal(_ value: Any) -> String {
        SwiftLiteral.write(value)
    }
}
