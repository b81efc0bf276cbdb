import MVI

extension TimeTravel {
    /// Whether a registered store kept a failure numbered `sequence` or later (in the
    /// session's numbers): a flight recorder's thread asks each time it wakes.
    func hasFailures(from sequence: UInt64) -> Bool {
        storage.withLock { state in state.stores.contains { $0.hasFailures(from: sequence) } }
    }
}
