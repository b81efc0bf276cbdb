import CoreMetrics
import MVI
import Tracing

/// Counters, timers and spans for a store in production, on swift-metrics and
/// swift-distributed-tracing: `middleware: [.metrics()]`.
///
/// Off by default: a store reports nothing unless this middleware is installed. With it, each
/// store counts its intents, messages, side effects and failures (async work that threw, side
/// effects dropped by overflow), times its executions and reductions (sampled, see
/// ``MetricsTiming``), counts the async work it starts and how that work ends, and, given a
/// tracer, opens one span per intent, with a child span per piece of work the intent starts. The labels and
/// dimensions are in ``MetricsLabels``; the store's name is the `store` dimension.
///
/// One middleware may serve many stores: each store's instruments are made the first time the
/// store is seen and kept until it is cancelled.
public struct MetricsMiddleware<Target: Feature>: Middleware {
    /// Classifiers for the `kind` dimension; `nil` leaves the dimension out.
    @usableFromInline let intentKind: (@Sendable (Target.Intent) -> String)?
    @usableFromInline let messageKind: (@Sendable (Target.Message) -> String)?
    @usableFromInline let sideEffectKind: (@Sendable (Target.SideEffect) -> String)?
    /// Does the work, apart from the feature's types.
    @usableFromInline let recorder: MetricsRecorder

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - factory: The metrics backend; defaults to the one `MetricsSystem` was bootstrapped with.
    ///   - tracer: Where to open a span per intent; `nil` (the default) opens none.
    ///   - timing: How often executions and reductions are timed; one intent in 16 by default.
    ///   - intentKind: Names an intent's kind for the `kind` dimension (keep the set of names
    ///     small); `nil` leaves the dimension out.
    ///   - messageKind: The same for messages.
    ///   - sideEffectKind: The same for side effects.
    public init(
        factory: any MetricsFactory = MetricsSystem.factory,
        tracer: (any Tracer)? = nil,
        timing: MetricsTiming = .sampled(every: 16),
        intentKind: (@Sendable (Target.Intent) -> String)? = nil,
        messageKind: (@Sendable (Target.Message) -> String)? = nil,
        sideEffectKind: (@Sendable (Target.SideEffect) -> String)? = nil
    ) {
        self.intentKind = intentKind
        self.messageKind = messageKind
        self.sideEffectKind = sideEffectKind
        self.recorder = MetricsRecorder(factory: factory, tracer: tracer, timing: timing)
    }

    /// Intents, messages, side effects, failures and cancellation; states only to time
    /// reductions, since building a state event copies the state.
    public var observedEventKinds: Set<StoreEvent<Target>.Kind> {
        var kinds: Set<StoreEvent<Target>.Kind> = [.intent, .message, .sideEffect, .failure, .cancelled]
        if recorder.timing != .off { kinds.insert(.state) }
        return kinds
    }

    /// Counts, times or traces one event. Inlinable, so that it is specialized for the feature
    /// where the store is used; the work itself is in a class generic over nothing.
    @inlinable
    public func handle(_ event: StoreEvent<Target>, _ context: MiddlewareContext<Target>) {
        let id = context.storeID
        // Closure literals at each call, not one in a variable: a literal passed as a
        // non-escaping argument needs no heap context.
        switch event {
        case .intent(let intent): recorder.intentStarted(id, { context.storeName }, kind: intentKind?(intent))
        case .message(let message): recorder.messageStarted(id, { context.storeName }, kind: messageKind?(message))
        case .state: recorder.messageReduced(id, { context.storeName })
        case .sideEffect(let sideEffect):
            recorder.sideEffectPosted(id, { context.storeName }, kind: sideEffectKind?(sideEffect))
        case .failure(let error): recorder.failed(id, { context.storeName }, error)
        case .cancelled: recorder.cancelled(id)
        case .created, .started, .stateReplaced: break
        }
    }

    /// `true`: async work is counted and, given a tracer, traced.
    public var observesAsyncWork: Bool { true }

    /// Counts work that starts or ends and opens or ends its span.
    public func asyncWork(_ event: AsyncWorkEvent) {
        recorder.asyncWork(event)
    }

    /// Records the execution time and ends the intent's span.
    @inlinable
    public func intentExecuted(_ context: MiddlewareContext<Target>) {
        recorder.intentExecuted(context.storeID, { context.storeName })
    }
}
