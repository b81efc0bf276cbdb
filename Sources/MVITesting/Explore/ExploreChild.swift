import Foundation
import MVI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a parent asks of a child process that runs an exploration (see ``ExploreIsolation``).
struct ChildRequest: Codable {
    /// The work to do.
    enum Task: Codable {
        /// The whole exploration: search, shrink a failure, record it.
        case explore(replaying: [UInt64]?)
        /// Run the sequence of `seed` (or `prefix`), writing each choice as it is made.
        case trace(seed: UInt64?, prefix: [UInt64])
        /// Run these candidates in order until one fails as `reason`.
        case shrink(round: [[UInt64]], reason: String)
        /// Run `choices` recorded, writing each step before it is taken.
        case record(choices: [UInt64], reason: String)
    }

    /// The `explore` call the request is for: `fileID:line:column`.
    let callSite: String
    /// The reports of the test's `explore` calls before this one, in order: the child returns
    /// them for those calls (the test runs again, the same way), and serves the next.
    let earlier: [ExploreReport]
    /// Where the child writes its lines.
    let output: String
    let task: Task

    /// The environment variable that holds a request's path in a child.
    static let variable = "MVI_EXPLORE_CHILD"

    /// The request this process is a child for, if it is one.
    static let current: ChildRequest? = {
        guard let path = ProcessInfo.processInfo.environment[variable],
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return try? JSONDecoder().decode(ChildRequest.self, from: data)
    }()

    /// How many `explore` calls this child process has seen.
    static let calls = Locked(0)
}

/// A line a child writes, before what it describes: whatever the child wrote before it
/// crashed is there for the parent to read.
enum ChildLine: Codable {
    case sequence(index: Int, seed: UInt64?, tally: ExploreTally?)
    case candidate(choices: [UInt64])
    case choice(UInt64)
    case step(text: String, visible: Bool, test: String)
    case found(Shrinker.Found)
    case report(ExploreReport)
}

/// Writes a child's lines, each with one `write` call: a crash loses none written.
final class ChildReporter: Sendable {
    private let file: FileHandle

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let file = FileHandle(forWritingAtPath: path)
        else { return nil }
        self.file = file
    }

    func write(_ line: ChildLine) {
        guard var data = try? JSONEncoder().encode(line) else { return }
        data.append(0x0A)
        file.write(data)
    }

    func willRunSequence(_ index: Int, seed: UInt64?, tally: ExploreTally) {
        // The tally now and then: a crash's report gives the coverage until about then.
        write(.sequence(index: index, seed: seed, tally: index % 10 == 1 ? tally : nil))
    }

    func willRunCandidate(_ choices: [UInt64]) {
        write(.candidate(choices: choices))
    }

    /// Before a step a person takes (an intent sent, the clock advanced): a line that counts it.
    func countVisible<F: Feature>(_ action: ExploreSequence<F>.Action) {
        switch action {
        case .send, .advance: write(.step(text: "", visible: true, test: ""))
        default: break
        }
    }

    /// Before each step of a recorded run: the step, and the test up to it.
    func willTake<F: Feature>(
        _ action: ExploreSequence<F>.Action, after sequence: ExploreSequence<F>, reason: String,
        exploration: Exploration<F>
    ) {
        var next = sequence
        next.steps.append(.init(action: action, events: []))
        let visible: Bool
        switch action {
        case .send, .advance: visible = true
        default: visible = false
        }
        let test = TestText.make(
            next, initialState: exploration.explorer.initialState, reason: reason, testStore: exploration.testStore)
        write(.step(text: next.steps[next.steps.count - 1].text, visible: visible, test: test))
    }
}

extension ExploreIsolation {
    /// Does what `request` asks, in this child process, and ends the process.
    func serve<F: Feature>(_ request: ChildRequest, _ exploration: Exploration<F>) -> Never {
        guard let reporter = ChildReporter(path: request.output) else { exit(3) }
        switch request.task {
        case .explore(let replaying):
            reporter.write(.report(exploration.run(replaying: replaying, progress: reporter)))
        case .trace(let seed, let prefix):
            var choices = ChoiceStream(prefix: prefix, seed: seed)
            choices.onDraw = { reporter.write(.choice($0)) }
            _ = exploration.explorer.run(&choices) { _, action in reporter.countVisible(action) }
        case .shrink(let round, let reason):
            for candidate in round {
                reporter.write(.candidate(choices: candidate))
                var choices = ChoiceStream(prefix: candidate, seed: nil)
                let sequence = exploration.explorer.run(&choices) { _, action in reporter.countVisible(action) }
                if sequence.failure == reason {
                    reporter.write(.found(.init(choices: sequence.choices, steps: sequence.visibleStepCount)))
                    break
                }
            }
        case .record(let choices, let reason):
            _ = exploration.record(choices) { sequence, action in
                reporter.willTake(action, after: sequence, reason: reason, exploration: exploration)
            }
        }
        exit(0)
    }
}
