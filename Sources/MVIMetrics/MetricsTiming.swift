#if Metrics
/// How often ``MetricsMiddleware`` times an intent's execution and a message's reduction.
///
/// Reading the clock twice per step is most of what timing costs; sampling keeps the timers
/// representative while a send stays cheap.
public enum MetricsTiming: Sendable, Hashable {
    /// No timers are recorded.
    case off
    /// Every intent and every message is timed.
    case every
    /// One intent in `every` is timed, with the messages it dispatches (`every` below 1 counts as 1).
    case sampled(every: Int)

    /// The sampling interval; `nil` when timing is off.
    var interval: Int? {
        switch self {
        case .off: nil
        case .every: 1
        case .sampled(let every): max(every, 1)
        }
    }
}
#endif
