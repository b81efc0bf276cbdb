#if Metrics
import CoreMetrics
import MVI
import Tracing

extension Middleware {
    /// Metrics middleware: `middleware: [.metrics()]`. See ``MetricsMiddleware``.
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
