/// The continuous clock with its sleeps scaled: at 0.05 a meeting's minute passes in three
/// seconds, for demos and the end-to-end test.
struct ScaledClock: Clock {
    typealias Instant = ContinuousClock.Instant
    typealias Duration = Swift.Duration

    let base = ContinuousClock()
    /// Real time per clock time.
    let scale: Double

    var now: Instant { base.now }
    var minimumResolution: Swift.Duration { base.minimumResolution }

    func sleep(until deadline: Instant, tolerance: Swift.Duration?) async throws {
        try await base.sleep(for: now.duration(to: deadline) * scale)
    }
}
