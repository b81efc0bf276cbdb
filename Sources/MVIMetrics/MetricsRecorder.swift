import CoreMetrics
import MVI
import Tracing

/// What ``MetricsMiddleware`` does with an event, apart from the feature's types: the
/// middleware is generic and inlined into the store's module (so that it is specialized there),
/// and hands this class the store's identity, a way to get its name, and the kind it names.
/// Being generic over nothing, its code runs without looking up generic metadata.
@usableFromInline
final class MetricsRecorder: Sendable {
    let factory: any MetricsFactory
    let tracer: (any Tracer)?
    @usableFromInline let timing: MetricsTiming
    let interval: Int?
    let stores = MeasuredStores()

    init(factory: any MetricsFactory, tracer: (any Tracer)?, timing: MetricsTiming) {
        self.factory = factory
        self.tracer = tracer
        self.timing = timing
        self.interval = timing.interval
    }

    @usableFromInline func intentStarted(_ id: ObjectIdentifier, _ name: () -> String, kind: String?) {
        let span = tracer.map { tracer in
            let span = tracer.startSpan(MetricsLabels.intentSpan, context: ServiceContext.current ?? .topLevel)
            span.attributes[MetricsLabels.storeAttribute] = name()
            if let kind { span.attributes[MetricsLabels.kindAttribute] = kind }
            return span
        }
        let interval = interval
        let (instruments, abandoned) = stores.with(id, name, factory) { store in
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

    @usableFromInline func intentExecuted(_ id: ObjectIdentifier, _ name: () -> String) {
        let (instruments, start, span) = stores.with(id, name, factory) { store in
            defer {
                store.executeStart = nil
                store.span = nil
            }
            return (store.instruments, store.executeStart, store.span)
        }
        if let start { instruments.executeDuration.recordNanoseconds(Int64(nanosecondsNow() &- start)) }
        span?.end()
    }

    @usableFromInline func messageStarted(_ id: ObjectIdentifier, _ name: () -> String, kind: String?) {
        let (instruments, span) = stores.with(id, name, factory) { store in
            if store.timing { store.reduceStart = nanosecondsNow() }
            return (store.instruments, store.span)
        }
        if let kind {
            instruments.counter(MetricsLabels.messages, "kind", kind).increment()
        } else {
            instruments.messages.increment()
        }
        span?.addEvent(SpanEvent(name: MetricsLabels.messageEvent))
    }

    @usableFromInline func messageReduced(_ id: ObjectIdentifier, _ name: () -> String) {
        let (instruments, start) = stores.with(id, name, factory) { store in
            defer { store.reduceStart = nil }
            return (store.instruments, store.reduceStart)
        }
        if let start { instruments.reduceDuration.recordNanoseconds(Int64(nanosecondsNow() &- start)) }
    }

    @usableFromInline func sideEffectPosted(_ id: ObjectIdentifier, _ name: () -> String, kind: String?) {
        let (instruments, span) = stores.with(id, name, factory) { ($0.instruments, $0.span) }
        if let kind {
            instruments.counter(MetricsLabels.sideEffects, "kind", kind).increment()
        } else {
            instruments.sideEffects.increment()
        }
        span?.addEvent(SpanEvent(name: MetricsLabels.sideEffectEvent))
    }

    @usableFromInline func failed(_ id: ObjectIdentifier, _ name: () -> String, _ error: StoreError) {
        let instruments = stores.with(id, name, factory) { $0.instruments }
        instruments.counter(MetricsLabels.failures, "origin", error.origin.metricsName).increment()
    }

    @usableFromInline func cancelled(_ id: ObjectIdentifier) {
        // Work still open ends after the store (its task returns later): keep the store's
        // measurements, its open spans among them, until the last of it ends.
        let forget = stores.with(id, { "" }, factory) { store in
            store.ended = true
            return store.openWork == 0
        }
        if forget { stores.remove(id) }
    }

    func asyncWork(_ event: AsyncWorkEvent) {
        let id = event.storeID
        switch event.phase {
        case .started:
            let instruments = stores.with(id, { event.storeName }, factory) { store in
                store.openWork += 1
                if let tracer {
                    let parent = event.parentWork.flatMap { store.workSpans[$0] } ?? store.span
                    let span = tracer.startSpan(
                        MetricsLabels.workSpan, context: parent?.context ?? ServiceContext.current ?? .topLevel)
                    span.attributes[MetricsLabels.storeAttribute] = store.instruments.storeName
                    if let workID = event.id { span.attributes[MetricsLabels.workIDAttribute] = workID }
                    store.workSpans[event.work] = span
                }
                return store.instruments
            }
            instruments.asyncWorkStarted.increment()
        case .finished, .failed, .cancelled:
            let outcome = event.phase.metricsName
            let (instruments, span, forget) = stores.with(id, { event.storeName }, factory) { store in
                store.openWork -= 1
                return (
                    store.instruments, store.workSpans.removeValue(forKey: event.work),
                    store.ended && store.openWork <= 0
                )
            }
            instruments.counter(MetricsLabels.asyncWorkEnded, "outcome", outcome).increment()
            if let span {
                span.attributes[MetricsLabels.workOutcomeAttribute] = outcome
                if event.phase == .failed { span.setStatus(SpanStatus(code: .error)) }
                span.end()
            }
            if forget { stores.remove(id) }
        }
    }
}

extension AsyncWorkEvent.Phase {
    /// The `outcome` dimension of ``MetricsLabels/asyncWorkEnded``.
    var metricsName: String {
        switch self {
        case .started: "started"
        case .finished: "finished"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
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
