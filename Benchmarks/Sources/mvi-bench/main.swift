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
        print("\(scenario.name.padding(18)) \(scenario.summary) (full \(scenario.fullSize), smoke \(scenario.smokeSize))")
    }
    exit(0)
}

for name in options.scenarios where Scenario.named(name) == nil { fail("no scenario named \(name)") }
for name in options.systems where System(rawValue: name) == nil { fail("no system named \(name)") }

let countingAllocations = mc_is_active() != 0
if !countingAllocations {
    printError("mvi-bench: allocations cannot be counted on this platform (glibc only); shown as n/a\n")
}

let selected = Scenario.all.filter { options.scenarios.isEmpty || options.scenarios.contains($0.name) }
// Resident-memory scenarios run first, while the heap has no freed memory to reuse.
let order = selected.filter { $0.metric == .residentBytesPerInstance } + selected.filter { $0.metric != .residentBytesPerInstance }
var rows: [Row] = []
var failures: [String] = []

for scenario in order {
    let size = options.size ?? (options.smoke ? scenario.smokeSize : scenario.fullSize)
    let systems = scenario.systems.filter { options.systems.isEmpty || options.systems.contains($0.system.rawValue) }
    var scenarioRows = systems.map { Row(scenario: scenario, system: $0.system) }
    var kept: [Trial] = []  // instances of a memory scenario stay alive until it ends
    // Warm-up: code paths, lazy metadata, caches. A memory scenario keeps its warm-up
    // instances, so the measured ones cannot reuse their memory.
    if !options.smoke || scenario.metric == .residentBytesPerInstance {
        for (_, makeTrial) in systems {
            let warmUp = makeTrial(max(min(size / 10, 10_000), 1))
            _ = measure(warmUp, metric: scenario.metric)
            if scenario.metric == .residentBytesPerInstance { kept.append(warmUp) }
        }
    }
    // Rounds: every system once per round, so a change in the machine's load between
    // rounds hits all systems alike; ratios are taken within a round.
    for _ in 0..<options.repetitions {
        for (index, (system, makeTrial)) in systems.enumerated() {
            let trial = makeTrial(size)
            scenarioRows[index].samples.append(measure(trial, metric: scenario.metric))
            if let problem = trial.verify() {
                failures.append("\(scenario.name) \(system.rawValue): \(problem)")
            }
            if scenario.metric == .residentBytesPerInstance { kept.append(trial) }
        }
    }
    for row in scenarioRows {
        printError("  \(scenario.name) \(row.system.rawValue): \(format(row.medianNanoseconds, 1)) ns/op")
    }
    rows += scenarioRows
    kept.removeAll()
}

rows.sort { lhs, rhs in
    let left = selected.firstIndex { $0.name == lhs.scenario.name } ?? 0
    let right = selected.firstIndex { $0.name == rhs.scenario.name } ?? 0
    return left != right ? left < right : System.allCases.firstIndex(of: lhs.system)! < System.allCases.firstIndex(of: rhs.system)!
}
printReport(rows, countingAllocations: countingAllocations)

if !failures.isEmpty {
    for failure in failures { printError("FAILED \(failure)\n") }
    exit(1)
}
