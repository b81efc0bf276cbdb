#if Metrics
import CoreMetrics
import MVI
import Tracing

extension Middleware {
    /// Metrics middleware: `middleware: [.metrics()]`. See ``MetricsMiddleware``.
    ///
    /// - Parameters:
    ///   - factory: The metrics backend; defaults to the one `MetricsSystem` was bootstrapped with.
    ///   - tracer: Where to open a span per intent; `nil` (the default) opens none.
    ///   - timing: How often executions and reductions are timed; one intent in 16 by default.
    ///   - intentKind: Names an intent's kind for the `kind` dimension (keep the set of names
    ///     small); `nil` leaves the dimension out.
    ///   - messageKind: The same for messages.
    ///   - sideEffectKind: The same for side effects.
    public static func metrics<F: Feature>(
        factory: any MetricsFactory = MetricsSystem.factory,
        tracer: (any Tracer)? = nil,
        timing: MetricsTiming = .sampled(every: 16),
        intentKind: (@Sendable (F.Intent) -> String)? = nil,
        messageKind: (@Sendable (F.Message) -> String)? = nil,
        sideEffectKind: (@Sendable (F.SideEffect) -> String)? = nil
    ) -> Self where Self == MetricsMiddleware<F> {
        MetricsMiddleware(
            factory: factory, tracer: tracer, timing: timing, intentKind: intentKind, messageKind: messageKind,
            sideEffectKind: sideEffectKind)
    }
}
#endif
