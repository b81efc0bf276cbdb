import Foundation
import MVI
import MVITimeTravel

/// The work of one `explore` call in this process: the random sequences, the shrinking of a
/// failure, its recording and its test. `ExploreIsolation` runs it in a child process, so
/// that a crash ends the child, not the test run.
struct Exploration<F: Feature>: Sendable {
    let explorer: Explorer<F>
    let seed: UInt64
    let sequences: Int
    let shrinkBudget: Int
    let recordingsDirectory: String
    let testStore: String?

    /// Runs the random sequences until one fails: the tally, and the failing sequence with
    /// its number. `willRun` hears each sequence's number and seed (`nil` for a replay), with
    /// the tally so far, before it runs.
    func search(
        replaying: [UInt64]?, willRun: (Int, UInt64?, ExploreTally) -> Void
    ) -> (ExploreTally, (Int, ExploreSequence<F>)?) {
        var tally = ExploreTally()
        var random = SplitMix64(seed)
        for index in 1...max(1, replaying == nil ? sequences : 1) {
            let sequenceSeed = replaying == nil ? random.next() : nil
            var choices = ChoiceStream(prefix: replaying ?? [], seed: sequenceSeed)
            willRun(index, sequenceSeed, tally)
            let sequence = explorer.run(&choices)
            tally.add(sequence)
            if sequence.failure != nil { return (tally, (index, sequence)) }
        }
        return (tally, nil)
    }

    /// Runs `candidates` in order until one fails with `reason` and is simpler than `best`.
    /// `willRun` hears each candidate's place before it runs.
    func firstFailing(
        _ candidates: [[UInt64]], _ best: Shrinker.Found, reason: String, willRun: ([UInt64]) -> Void
    ) -> (tried: Int, found: Shrinker.Found?) {
        for (index, candidate) in candidates.enumerated() {
            willRun(candidate)
            var choices = ChoiceStream(prefix: candidate, seed: nil)
            let sequence = explorer.run(&choices)
            guard sequence.failure == reason else { continue }
            let found = Shrinker.Found(choices: sequence.choices, steps: sequence.visibleStepCount)
            if found.isSimpler(than: best) { return (index + 1, found) }
        }
        return (candidates.count, nil)
    }

    /// Names the `explore` call in the recording's file name: `File.swift-12`.
    let callSite: String

    /// The file the recording of a failure goes to: the feature, the call, the seed.
    var recordingPath: String {
        let call = callSite.split(separator: "/").last.map { $0.split(separator: ":").prefix(2).joined(separator: "-") }
        return (recordingsDirectory as NSString).appendingPathComponent(
            "explore-\(F.self)-\(call ?? "")-\(seed).json")
    }

    /// Runs `choices` once more, recorded, and writes the recording; the sequence, and the
    /// path written (`nil` if writing failed). `afterStep` hears the sequence after each
    /// step, with the recording so far written: what a crash leaves behind.
    func record(
        _ choices: [UInt64], willTake: ((ExploreSequence<F>, ExploreSequence<F>.Action) -> Void)? = nil
    ) -> (ExploreSequence<F>, String?) {
        let timeTravel = TimeTravel()
        var stream = ChoiceStream(prefix: choices, seed: nil)
        let path = recordingPath
        try? FileManager.default.createDirectory(atPath: recordingsDirectory, withIntermediateDirectories: true)
        let sequence = explorer.run(&stream, recordingInto: timeTravel) { sequence, action in
            if let willTake {
                // What a crash in this step leaves: the recording so far, and the step.
                _ = try? timeTravel.export().write(to: URL(fileURLWithPath: path))
                willTake(sequence, action)
            }
        }
        do {
            try timeTravel.export().write(to: URL(fileURLWithPath: path))
            return (sequence, path)
        } catch {
            return (sequence, nil)
        }
    }

    /// The whole exploration in this process: search, then shrink, record and print the
    /// failure found.
    func run(replaying: [UInt64]?, progress: ChildReporter?) -> ExploreReport {
        let start = ContinuousClock.now
        let (tally, failing) = search(replaying: replaying) { progress?.willRunSequence($0, seed: $1, tally: $2) }
        let duration = ContinuousClock.now - start
        guard let (index, sequence) = failing, let reason = sequence.failure else {
            return report(tally, duration: duration, failure: nil)
        }
        let found = Shrinker.Found(choices: sequence.choices, steps: sequence.visibleStepCount)
        var best = found
        var tried = 0
        while tried < shrinkBudget {
            let round = Array(Shrinker.candidates(of: best.choices).prefix(shrinkBudget - tried))
            guard !round.isEmpty else { break }
            let result = firstFailing(round, best, reason: reason) { progress?.willRunCandidate($0) }
            tried += result.tried
            guard let simpler = result.found else { break }
            best = simpler
        }
        let (shrunk, path) = record(
            best.choices,
            willTake: progress.map { progress in
                { sequence, action in progress.willTake(action, after: sequence, reason: reason, exploration: self) }
            })
        return report(
            tally, duration: duration,
            failure: failure(shrunk, reason: shrunk.failure ?? reason, path: path, found: found, after: index))
    }

    /// The report's failure for the shrunk sequence `shrunk`.
    func failure(
        _ shrunk: ExploreSequence<F>, reason: String, path: String?, found: Shrinker.Found, after index: Int
    ) -> ExploreReport.Failure {
        ExploreReport.Failure(
            reason: reason, steps: shrunk.steps.map(\.text), stepCount: shrunk.visibleStepCount,
            foundStepCount: found.steps, sequencesToFind: index, choices: shrunk.choices, recordingPath: path,
            test: TestText.make(shrunk, initialState: explorer.initialState, reason: reason, testStore: testStore))
    }

    func report(_ tally: ExploreTally, duration: Duration, failure: ExploreReport.Failure?) -> ExploreReport {
        ExploreReport(
            seed: seed, sequences: tally.sequences, steps: tally.steps, duration: duration,
            intentsSent: tally.intentsSent, endpointAnswers: tally.endpointAnswers, failure: failure)
    }
}

/// The name of an enum value's case, with the case of an enum in its payload
/// (`rows.toggle` for `.rows(3, .toggle)`), for coverage.
func caseName(of value: Any, depth: Int = 0) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return String(describing: value) }
    guard let child = mirror.children.first, let label = child.label else { return String(describing: value) }
    guard depth < 3 else { return label }
    let payload = Mirror(reflecting: child.value)
    let inner: Any? = payload.displayStyle == .tuple ? Array(payload.children).last?.value : child.value
    guard let inner, Mirror(reflecting: inner).displayStyle == .enum else { return label }
    return label + "." + caseName(of: inner, depth: depth + 1)
}

/// Coverage and figures of the random sequences.
struct ExploreTally: Codable, Sendable {
    var sequences = 0
    var steps = 0
    var intentsSent: [String: Int] = [:]
    var endpointAnswers: [String: [ExploreReport.Answer: Int]] = [:]

    mutating func add<F: Feature>(_ sequence: ExploreSequence<F>) {
        sequences += 1
        steps += sequence.steps.count
        for step in sequence.steps {
            switch step.action {
            case .send(let intent): intentsSent[caseName(of: intent), default: 0] += 1
            case .answer(_, let name, _, let kind, let delayed):
                endpointAnswers[name, default: [:]][kind, default: 0] += 1
                if delayed { endpointAnswers[name, default: [:]][.delay, default: 0] += 1 }
            default: break
            }
        }
    }
}
