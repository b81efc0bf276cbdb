import BenchmarkScenarios

/// One row of the table: a scenario on one system, over its repetitions.
struct Row {
    let scenario: Scenario
    let system: System
    var samples: [Sample] = []

    var medianNanoseconds: Double { median(samples.map(\.nanosecondsPerOperation)) }
    var allocationsPerOperation: Double {
        let operations = samples.reduce(0) { $0 + $1.operations }
        return Double(samples.reduce(0) { $0 + $1.allocations }) / Double(max(operations, 1))
    }
    /// The most allocations in one repetition.
    var maxAllocations: Int { samples.map(\.allocations).max() ?? 0 }
    var residentBytes: Double? {
        let values = samples.compactMap(\.residentBytesPerInstance)
        return values.isEmpty ? nil : median(values)
    }
    var heapBytes: Double? {
        let values = samples.compactMap(\.heapBytesPerInstance)
        return values.isEmpty ? nil : median(values)
    }
}
