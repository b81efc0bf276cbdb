import Foundation
import IssueReporting
import MVI

/// Runs an exploration in child processes, the way Swift Testing's exit tests do, so that a
/// crash (a trap in `reduce` or `execute`) is a failure found, not the end of the test run.
///
/// The child is this test binary again, running only the current test, with
/// ``ChildRequest/variable`` naming a request: the test calls `explore` again, which sees the
/// request, does what it asks, writes lines to a file (each before what it describes) and
/// ends the process. The parent reads the lines: a child that ended without its last line
/// crashed in what it last described. A crashing sequence is traced choice by choice in
/// another child, shrunk by rounds of candidates (each round one child, which crashes at the
/// first candidate that crashes), and recorded step by step.
///
/// Outside Swift Testing (XCTest, a program), or where the test binary cannot be found
/// again, the exploration runs in this process: a crash then ends the run.
struct ExploreIsolation {
    /// The `explore` call, `fileID:line:column`: a child does only this call's work.
    let callSite: String

    /// The reports of the `explore` calls each running test made so far, by test id: what a
    /// child, running the test again, returns for the calls before the one it serves.
    private static let reportsByTest = Locked<[String: [ExploreReport]]>([:])

    func run<F: Feature>(_ exploration: Exploration<F>, replaying: [UInt64]?) async -> ExploreReport {
        if let request = ChildRequest.current {
            let index = ChildRequest.calls.withLock { calls in
                defer { calls += 1 }
                return calls
            }
            if index < request.earlier.count { return request.earlier[index] }
            if index == request.earlier.count, request.callSite == callSite { serve(request, exploration) }
            // The test took another way than in its parent: explore here, without children.
            return exploration.run(replaying: replaying, progress: nil)
        }
        guard let launch = ChildLaunch.forCurrentTest() else {
            return exploration.run(replaying: replaying, progress: nil)
        }
        let earlier = Self.reportsByTest.withLock { $0[launch.testID] ?? [] }
        let report = await explore(exploration, replaying: replaying, launch, earlier: earlier)
        Self.reportsByTest.withLock { $0[launch.testID, default: []].append(report) }
        return report
    }

    private func explore<F: Feature>(
        _ exploration: Exploration<F>, replaying: [UInt64]?, _ launch: ChildLaunch, earlier: [ExploreReport]
    ) async -> ExploreReport {
        let explored = await launch.run(.explore(replaying: replaying), callSite: callSite, earlier: earlier)
        if case .report(let report)? = explored.lines.last { return report }
        if explored.lines.isEmpty && !explored.crashed {
            // The child did not reach this call (the test could not be selected): run here.
            return exploration.run(replaying: replaying, progress: nil)
        }
        return await shrinkCrash(explored, exploration, launch, earlier: earlier)
    }

    /// The report of a crash the exploring child died of: the crashing sequence traced,
    /// shrunk and recorded in more children.
    private func shrinkCrash<F: Feature>(
        _ explored: ChildLaunch.Outcome, _ exploration: Exploration<F>, _ launch: ChildLaunch,
        earlier: [ExploreReport]
    ) async -> ExploreReport {
        var index = 0
        var tally = ExploreTally()
        var crashed: [UInt64] = []
        var trace: ChildRequest.Task?
        for line in explored.lines {
            switch line {
            case .sequence(let number, let seed, let sofar):
                index = number
                if let sofar { tally = sofar }
                trace = .trace(seed: seed, prefix: [])
            case .candidate(let choices): trace = .trace(seed: nil, prefix: choices)
            default: break
            }
        }
        let reason = "crash: " + explored.crashMessage
        var foundSteps = 0
        if let trace {
            let traced = await launch.run(trace, callSite: callSite, earlier: earlier)
            for line in traced.lines {
                if case .choice(let choice) = line { crashed.append(choice) }
                if case .step = line { foundSteps += 1 }
            }
        }
        tally.sequences = max(tally.sequences, index)
        var best = Shrinker.Found(choices: crashed, steps: foundSteps)
        let found = best
        var children = 0
        while children < 60 {
            var round = Shrinker.candidates(of: best.choices)
            var accepted = false
            while !round.isEmpty, children < 60 {
                children += 1
                let outcome = await launch.run(
                    .shrink(round: round, reason: reason), callSite: callSite, earlier: earlier)
                guard outcome.crashed else { break }
                let candidates = outcome.lines.filter { if case .candidate = $0 { true } else { false } }
                guard case .candidate(let choices)? = candidates.last else { break }
                let start = outcome.lines.lastIndex { if case .candidate = $0 { true } else { false } } ?? 0
                let steps = outcome.lines[start...].count { if case .step = $0 { true } else { false } }
                let candidate = Shrinker.Found(choices: choices, steps: steps)
                round.removeFirst(candidates.count)
                if candidate.isSimpler(than: best) {
                    best = candidate
                    accepted = true
                    break
                }
            }
            if !accepted { break }
        }
        let recorded = await launch.run(
            .record(choices: best.choices, reason: reason), callSite: callSite, earlier: earlier)
        var steps: [String] = []
        var visible = 0
        var test = ""
        for case .step(let text, let isVisible, let sofar) in recorded.lines {
            steps.append(text)
            if isVisible { visible += 1 }
            test = sofar
        }
        let failure = ExploreReport.Failure(
            reason: reason, steps: steps, stepCount: visible, foundStepCount: found.steps,
            sequencesToFind: index, choices: best.choices,
            recordingPath: FileManager.default.fileExists(atPath: exploration.recordingPath)
                ? exploration.recordingPath : nil,
            test: test)
        return exploration.report(tally, duration: explored.duration, failure: failure)
    }
}
