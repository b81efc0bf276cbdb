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
    /// The median over rounds of this row's time divided by `other`'s in the same round.
    /// Pairing by round cancels most of a load change between rounds.
    func medianRatio(to other: Row) -> Double {
        median(zip(samples, other.samples).map { $0.nanosecondsPerOperation / $1.nanosecondsPerOperation })
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
