import CustomDump
import MVI

/// Builds the text of the test store's failures, in one voice.
enum FailureText {
    /// `header`, then the difference between `expected` and `actual` with its legend.
    static func difference<T>(_ header: String, expected: T, actual: T) -> String {
        let body =
            diff(expected, actual, format: .default)
            ?? "(no difference in their dumps; check your Equatable conformance)\n\n" + dump(actual)
        return """
            \(header): …

            \(body.indented)

            (Expected: -, Actual: +)
            """
    }

    /// A dump of a value, as custom-dump prints it.
    static func dump<T>(_ value: T) -> String {
        String(customDumping: value)
    }

    /// A dump of an intent or message, followed by the child it is routed to, if one of its
    /// feature's ``MVI/Feature/childScopes`` carries it:
    /// `TodoList.Intent.rows(42, …) (to TodoList/rows[42])`.
    static func dump<T>(_ value: T, of feature: any Feature.Type, routedIn storeName: String) -> String {
        guard let path = ChildPath.of(value, in: feature) else { return dump(value) }
        return dump(value) + " (to " + ([storeName] + path).joined(separator: "/") + ")"
    }

    /// A bulleted list of dumped values.
    static func list<T>(_ values: [T]) -> String {
        values.map { "  • " + dump($0).replacingNewlines(with: "\n    ") }.joined(separator: "\n")
    }

    /// `1 second`, `250 milliseconds`, `500 microseconds`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        if attoseconds % 1_000_000_000_000_000 == 0 {
            let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
            return "\(milliseconds) milliseconds"
        }
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return "\(microseconds) microseconds"
    }

    /// `1 message`, `2 messages`.
    static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}

extension String {
    /// Every line indented by two spaces, as custom-dump's own failures do.
    var indented: String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "  " + $0 }
            .joined(separator: "\n")
    }

    func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
