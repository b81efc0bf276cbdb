import BenchmarkScenarios
import MallocCounter

#if canImport(Glibc)
import Glibc
#endif

/// What one repetition of one row measured.
struct Sample {
    var nanosecondsPerOperation: Double
    var allocations: Int
    var operations: Int
    /// Resident bytes per instance, for ``Metric/residentBytesPerInstance``.
    var residentBytesPerInstance: Double?
    /// Heap bytes (glibc chunks) per instance, for ``Metric/residentBytesPerInstance``.
    var heapBytesPerInstance: Double?

    var allocationsPerOperation: Double { Double(allocations) / Double(max(operations, 1)) }
}

/// Runs one trial under the clock and the malloc counter.
func measure(_ trial: Trial, metric: Metric) -> Sample {
    let residentBefore = metric == .residentBytesPerInstance ? residentBytes() : 0
    mc_reset()
    mc_enable()
    let clock = ContinuousClock()
    let start = clock.now
    trial.run()
    let elapsed = start.duration(to: clock.now)
    mc_disable()
    let allocations = Int(mc_allocations())
    let heapBytes = Int(mc_heap_bytes())
    let operations = max(trial.operations, 1)
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    var sample = Sample(
        nanosecondsPerOperation: nanoseconds / Double(operations), allocations: allocations,
        operations: trial.operations)
    if metric == .residentBytesPerInstance {
        sample.residentBytesPerInstance = Double(residentBytes() - residentBefore) / Double(operations)
        sample.heapBytesPerInstance = Double(heapBytes) / Double(operations)
    }
    return sample
}

/// The process's resident memory, from /proc/self/statm (0 where there is none).
func residentBytes() -> Int {
    #if os(Linux)
    let descriptor = open("/proc/self/statm", O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return 0 }
    let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * sysconf(Int32(_SC_PAGESIZE))
    #else
    return 0
    #endif
}

/// The median of some values (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
