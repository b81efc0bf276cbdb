import CoreMetrics
import MVI
import Tracing

/// Counters, timers and spans for a store in production, on swift-metrics and
/// swift-distributed-tracing: `middleware: [.metrics()]`.
///
/// Off by default: a store reports nothing unless this middleware is installed. With it, each
/// store counts its intents, messages, side effects and failures (async work that threw, side
/// effects dropped by overflow), times its executions and reductions (sampled, see
/// ``MetricsTiming``), and, given a tracer, opens one span per intent. The labels and
/// dimensions are in ``MetricsLabels``; the store's name is the `store` dimension.
///
/// One middleware may serve many stores: each store's instruments are made the first time the
/// store is seen and kept until it is cancelled.
public struct MetricsMiddleware<Target: Feature>: Middleware {
    /// The backend the instruments are made with.
    let factory: any MetricsFactory
    /// Where intent spans go; `nil` for none.
    let tracer: (any Tracer)?
    /// How often executions and reductions are timed.
    let timing: MetricsTiming
    /// Classifiers for the `kind` dimension; `nil` leaves the dimension out.
    let intentKind: (@Sendable (Target.Intent) -> String)?
    let messageKind: (@Sendable (Target.Message) -> String)?
    let sideEffectKind: (@Sendable (Target.SideEffect) -> String)?
    let stores: MeasuredStores

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
        self.factory = factory
        self.tracer = tracer
        self.timing = timing
        self.intentKind = intentKind
        self.messageKind = messageKind
        self.sideEffectKind = sideEffectKind
        self.stores = MeasuredStores()
    }

    /// Intents, messages, side effects, failures and cancellation; states only to time
    /// reductions, since building a state event copies the state.
    public var observedEventKinds: Set<StoreEvent<Target>.Kind> {
        var kinds: Set<StoreEvent<Target>.Kind> = [.intent, .message, .sideEffect, .failure, .cancelled]
        if timing != .off { kinds.insert(.state) }
        return kinds
    }

    /// Counts, times or traces one event.
    public func handle(_ event: StoreEvent<Target>, _ context: MiddlewareContext<Target>) {
        switch event {
        case .intent(let intent): intentStarted(intent, context)
        case .message(let message): messageStarted(message, context)
        case .state: messageReduced(context)
        case .sideEffect(let sideEffect): sideEffectPosted(sideEffect, context)
        case .failure(let error): failed(error, context)
        case .cancelled: stores.remove(context)
        case .created, .started: break
        }
    }

    /// Records the execution time and ends the intent's span.
    public func intentExecuted(_ context: MiddlewareContext<Target>) {
        let (instruments, start, span) = stores.with(context, factory) { store in
            defer {
                store.executeStart = nil
                store.span = nil
            }
            return (store.instruments, store.executeStart, store.span)
        }
        if let start { instruments.executeDuration.recordNanoseconds(Int64(nanosecondsNow() &- start)) }
        span?.end()
    }

    private func intentStarted(_ intent: Target.Intent, _ context: MiddlewareContext<Target>) {
        let interval = timing.interval
        let kind = intentKind?(intent)
        let span = tracer.map { tracer in
            let storeName = context.storeName
            let span = tracer.startSpan(MetricsLabels.intentSpan, context: ServiceContext.current ?? .topLevel)
            span.attributes[MetricsLabels.storeAttribute] = storeName
            if let kind { span.attributes[MetricsLabels.kindAttribute] = kind }
            return span
        }
        let (instruments, abandoned) = stores.with(context, factory) { store in
            store.intentCount &+= 1
            store.timing = interval.map { store.intentCount % $0 == 1 % $0 } ?? false
            store.executeStart = store.timing ? nanosecondsNow() : nil
            let abandoned = store.span
            store.span = span
            return (store.instruments, abandoned)
        }
        abandoned?.end()
        if let kind {
            instruments.counter(MetricsLabels.intents, "kind", kind).increment()
        } else {
            instruments.intents.increment()
        }
    }

    private func messageStarted(_ message: Target.Message, _ context: MiddlewareContext<Target>) {
        let (instruments, span) = stores.with(context, factory) { store in
            if store.timing { store.reduceStart = nanosecondsNow() }
            return (store.instruments, store.span)
        }
        let kind = messageKind?(message)
        if let kind {
            instruments.counter(MetricsLabels.messages, "kind", kind).increment()
        } else {
            instruments.messages.increment()
        }
        span?.addEvent(SpanEvent(name: MetricsLabels.messageEvent))
    }

    private func messageReduced(_ context: MiddlewareContext<Target>) {
        let (instruments, start) = stores.with(context, factory) { store in
            defer { store.reduceStart = nil }
            return (store.instruments, store.reduceStart)
        }
        if let start { instruments.reduceDuration.recordNanoseconds(Int64(nanosecondsNow() &- start)) }
    }

    private func sideEffectPosted(_ sideEffect: Target.SideEffect, _ context: MiddlewareContext<Target>) {
        let (instruments, span) = stores.with(context, factory) { ($0.instruments, $0.span) }
        if let kind = sideEffectKind?(sideEffect) {
            instruments.counter(MetricsLabels.sideEffects, "kind", kind).increment()
        } else {
            instruments.sideEffects.increment()
        }
        span?.addEvent(SpanEvent(name: MetricsLabels.sideEffectEvent))
    }

    private func failed(_ error: StoreError, _ context: MiddlewareContext<Target>) {
        let instruments = stores.with(context, factory) { $0.instruments }
        instruments.counter(MetricsLabels.failures, "origin", error.origin.metricsName).increment()
    }
}

extension StoreError.Origin {
    /// The `origin` dimension of ``MetricsLabels/failures``.
    var metricsName: String {
        switch self {
        case .asyncWork: "async_work"
        case .sideEffectOverflow: "side_effect_overflow"
        case .addOn: "add_on"
        case .misuse: "misuse"
        }
    }
}
