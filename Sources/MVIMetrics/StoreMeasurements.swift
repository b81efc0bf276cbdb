import Dispatch
import MVI
import Tracing

/// What ``MetricsMiddleware`` keeps for one store between events: its instruments, the
/// timing in progress and the open intent span. A store's events come one at a time (from
/// whichever thread drains it), so one short lock section per event is never contended by
/// that store.
struct StoreMeasurements: Sendable {
    let instruments: StoreInstruments
    /// Intents seen, for sampling.
    var intentCount = 0
    /// Whether the current intent (and its messages) is timed.
    var timing = false
    /// When the current intent's execution began, in ``nanosecondsNow()`` nanoseconds.
    var executeStart: UInt64?
    /// When the current message's reduction began.
    var reduceStart: UInt64?
    /// The current intent's span, while it executes.
    var span: (any Span)?
    /// The store's async work that started and has not ended.
    var openWork = 0
    /// The spans of open work, by work token (only with a tracer).
    var workSpans: [Int: any Span] = [:]
    /// The store was cancelled while work was still open: forget it once the last work ends.
    var ended = false
}

/// Nanoseconds on a monotonic clock, for durations.
@inline(__always)
func nanosecondsNow() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}
