import BenchmarkScenarios
import MallocCounter

#if canImport(Glibc)
import Glibc
#endif

// mvi-bench: every scenario for swift-mvi and the baselines, one table, one run.
// Time: ContinuousClock around each trial's run (set-up is outside the clock).
// Allocations: the process-wide malloc counter in MallocCounter, enabled only around runs.

/// Writes a line to standard error.
func printError(_ line: String) {
    var text = line.hasSuffix("\n") ? line : line + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    printError("mvi-bench: \(message)\n")
    exit(1)
}

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed): options = parsed
case .failure(let error):
    if let message = error.message { printError("mvi-bench: \(message)\n") }
    print(Options.usage)
    exit(error.message == nil ? 0 : 2)
}

if options.list {
    for scenario in Scenario.all {
        print(
            "\(scenario.name.padding(18)) \(scenario.summary) (full \(scenario.fullSize), smoke \(scenario.smokeSize))")
    }
    exit(0)
}

if let name = options.systemsOf {
    guard let scenario = Scenario.named(name) else { fail("no scenario named \(name)") }
    print(scenario.systems.map(\.system.rawValue).joined(separator: " "))
    exit(0)
}

for name in options.scenarios where Scenario.named(name) == nil { fail("no scenario named \(name)") }
for name in options.systems where System(rawValue: name) == nil { fail("no system named \(name)") }

let countingAllocations = mc_is_active() != 0
if !countingAllocations {
    printError("mvi-bench: allocations cannot be counted on this platform (glibc only); shown as n/a\n")
}

let selected = Scenario.all.filter { options.scenarios.isEmpty || options.scenarios.contains($0.name) }
var rows: [Row] = []
var failures: [String] = []

/// Measures one trial of a row and checks its result.
@MainActor func runTrial(_ makeTrial: (Int) -> Trial, size: Int, into row: inout Row) -> Trial {
    let trial = makeTrial(size)
    row.samples.append(measure(trial, metric: row.scenario.metric))
    if let problem = trial.verify() {
        failures.append("\(row.scenario.name) \(row.system.rawValue): \(problem)")
    }
    return trial
}

@MainActor func size(of scenario: Scenario) -> Int {
    options.size ?? (options.smoke ? scenario.smokeSize : scenario.fullSize)
}

@MainActor func systems(of scenario: Scenario) -> [(system: System, makeTrial: (Int) -> Trial)] {
    scenario.systems.filter { options.systems.isEmpty || options.systems.contains($0.system.rawValue) }
}

// Memory scenarios first, while the heap has no freed memory to reuse; every instance,
// warm-up included, stays alive until the scenario ends.
for scenario in selected where scenario.metric == .residentBytesPerInstance {
    var kept: [Trial] = []
    for (_, makeTrial) in systems(of: scenario) {
        let warmUp = makeTrial(max(min(size(of: scenario) / 10, 10_000), 1))
        _ = measure(warmUp, metric: scenario.metric)
        kept.append(warmUp)
    }
    var scenarioRows = systems(of: scenario).map { Row(scenario: scenario, system: $0.system) }
    for _ in 0..<options.repetitions {
        for (index, entry) in systems(of: scenario).enumerated() {
            kept.append(runTrial(entry.makeTrial, size: size(of: scenario), into: &scenarioRows[index]))
        }
    }
    rows += scenarioRows
    kept.removeAll()
}

// Time scenarios in rounds: each round runs every scenario on every system once, so a
// change in the machine's load between rounds hits all rows alike, and ratios are taken
// within a round.
let timed = selected.filter { $0.metric == .timePerOperation }
var timedRows = timed.map { scenario in systems(of: scenario).map { Row(scenario: scenario, system: $0.system) } }
if !options.smoke {
    for scenario in timed {
        for (_, makeTrial) in systems(of: scenario) {  // warm-up: code paths, metadata, caches
            _ = measure(makeTrial(max(size(of: scenario) / 10, 1)), metric: scenario.metric)
        }
    }
}
for round in 0..<options.repetitions {
    for (scenarioIndex, scenario) in timed.enumerated() {
        for (index, entry) in systems(of: scenario).enumerated() {
            _ = runTrial(entry.makeTrial, size: size(of: scenario), into: &timedRows[scenarioIndex][index])
        }
    }
    if !options.smoke { printError("  round \(round + 1) of \(options.repetitions) done") }
}
rows += timedRows.flatMap { $0 }

rows.sort { lhs, rhs in
    let left = selected.firstIndex { $0.name == lhs.scenario.name } ?? 0
    let right = selected.firstIndex { $0.name == rhs.scenario.name } ?? 0
    return left != right
        ? left < right : System.allCases.firstIndex(of: lhs.system)! < System.allCases.firstIndex(of: rhs.system)!
}
printReport(rows, countingAllocations: countingAllocations)
if options.counts {
    // `counts: SCENARIO SYSTEM OPERATIONS ALLOCATIONS`, summed over the repetitions: what
    // `Benchmarks/budgets` takes the difference of, between two sizes.
    for row in rows {
        let operations = row.samples.reduce(0) { $0 + $1.operations }
        let allocations = row.samples.reduce(0) { $0 + $1.allocations }
        print("counts: \(row.scenario.name) \(row.system.rawValue) \(operations) \(allocations)")
    }
}

if !failures.isEmpty {
    for failure in failures { printError("FAILED \(failure)\n") }
    exit(1)
}
