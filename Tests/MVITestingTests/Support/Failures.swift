import IssueReporting
import MVI
import Testing

/// The texts of the issues a block reported.
final class IssueTexts: Sendable {
    private let texts = Locked<[String]>([])
    private let lines = Locked<[Int]>([])

    func append(_ message: String, line: Int) {
        texts.withLock { $0.append(message) }
        lines.withLock { $0.append(line) }
    }

    var all: [String] { texts.withLock { $0 } }
    var sourceLines: [Int] { lines.withLock { $0 } }
}

/// Collects the failures the test store reports instead of recording them as issues, so the
/// tests that check failure messages print nothing (expected failures are not mistaken for
/// real ones in the test output).
struct CollectingReporter: IssueReporter {
    let texts: IssueTexts

    func reportIssue(
        _ message: @autoclosure () -> String?, severity: IssueSeverity,
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
        texts.append(message() ?? "", line: Int(line))
    }
}

/// Runs `body`, which must report at least one failure, and returns what the failures said,
/// for the test to check. The failures are collected, not recorded: a body that reports none
/// fails the test.
@discardableResult
func failures(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async -> Void
) async -> IssueTexts {
    let texts = IssueTexts()
    await withIssueReporters([CollectingReporter(texts: texts)]) {
        await body()
    }
    if texts.all.isEmpty {
        Issue.record(
            "Expected the test store to report a failure, but it reported none", sourceLocation: sourceLocation)
    }
    return texts
}
