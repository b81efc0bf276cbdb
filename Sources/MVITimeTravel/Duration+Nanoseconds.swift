extension Duration {
    /// The duration in whole nanoseconds, clamped to `Int64`: for a Dispatch deadline (a
    /// rerun's, the flight recorder thread's wait).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        return scaled.addingReportingOverflow(attoseconds / 1_000_000_000).overflow
            ? .max : scaled + attoseconds / 1_000_000_000
    }
}
