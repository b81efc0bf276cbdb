import Synchronization
import Testing

/// The texts of the issues a block reported.
final class IssueTexts: Sendable {
    private let texts = Mutex<[String]>([])
    private let lines = Mutex<[Int]>([])

    func append(_ issue: Issue) {
        texts.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
        lines.withLock { $0.append(issue.sourceLocation?.line ?? -1) }
    }

    var all: [String] { texts.withLock { $0 } }
    var sourceLines: [Int] { lines.withLock { $0 } }
}

/// Runs `body`, which must report at least one issue (`withKnownIssue` fails the test
/// otherwise), and returns what the issues said, for the test to check.
@discardableResult
func failures(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async -> Void
) async -> IssueTexts {
    let texts = IssueTexts()
    await withKnownIssue(sourceLocation: sourceLocation) {
        await body()
    } matching: { issue in
        texts.append(issue)
        return true
    }
    return texts
}

/// A gate async work waits at until the test opens it.
final class Gate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state -> Bool in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// A list that callbacks on any thread append to.
final class Recorded<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])

    func append(_ element: Element) {
        elements.withLock { $0.append(element) }
    }

    var all: [Element] { elements.withLock { $0 } }
}
