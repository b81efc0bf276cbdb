import Benchmark
import BenchmarkScenarios

/// The same scenarios as `mvi-bench`, run by package-benchmark (`swift package benchmark`),
/// for its statistics, baselines and threshold checks. Each benchmark is one scenario for one
/// system; one measured iteration is `scalingFactor` operations of the scenario, set up
/// outside the measurement and verified after it, so a wrong result fails the run.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(1),
        maxIterations: 100)

    // Main-thread scenarios are left out: package-benchmark does not run benchmarks there.
    for scenario in Scenario.all where scenario.metric == .timePerOperation && !scenario.needsMainThread {
        for system in scenario.systems {
            let makeTrial = system.makeTrial
            Benchmark("\(scenario.name) \(system.system.rawValue)") { benchmark in
                let trial = makeTrial(benchmark.scaledIterations.count)
                benchmark.startMeasurement()
                trial.run()
                benchmark.stopMeasurement()
                if let problem = trial.verify() { benchmark.error(problem) }
            }
        }
    }
}
