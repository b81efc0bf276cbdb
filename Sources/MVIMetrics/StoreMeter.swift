#if Metrics
import CoreMetrics
import Dispatch
import MVI
import Tracing

/// What ``MetricsMiddleware`` keeps for one store: its instruments, the timing in progress,
/// the open intent span and the store's open async work. Made once, when the store is created
/// (``MetricsMiddleware/forStore(named:)``), and reached by the store's own copy of the
/// middleware without a look-up.
///
/// Two parts, by who touches them:
/// - The pipeline's part (`intentsUntilTimed`, `timing`, `executeStart`, `reduceStart`) is touched
///   only by `handle` and `intentExecuted`, which the store calls one at a time from the thread
///   that drains it; the store's drain claim (taken and released under its lock) orders those
///   threads, so this part needs no lock of its own.
/// - The span and the async work's part are also read when work starts or ends, on any
///   thread: they are behind `shared`'s lock, which is taken only with a tracer or for work.
final class StoreMeter: @unchecked Sendable {  // the pipeline's part is confined to the store's drain (see above)
    let instruments: StoreInstruments
    let tracer: (any Tracer)?
    /// One intent in `interval` is timed; `nil`: none is.
    let interval: Int?
    /// Whether `tracer` is set: tested per event without copying the existential.
    let traces: Bool
    /// Which kinds the middleware classifies for the `kind` dimension.
    let classifies: (intents: Bool, messages: Bool, sideEffects: Bool)

    /// The counters of every event, read without reference counting: `instruments`, a
    /// constant of this meter, owns them for as long as the meter lives.
    private let unretainedIntents: Unmanaged<Counter>
    private let unretainedMessages: Unmanaged<Counter>
    private let unretainedSideEffects: Unmanaged<Counter>
    /// Intents until the next timed one, counting this one: the first intent is timed, then
    /// one in `interval`. A countdown, so that sampling costs no division.
    var intentsUntilTimed = 1
    /// Whether the current intent (and its messages) is timed.
    var timing = false
    /// When the current intent's execution began, in ``nanosecondsNow()`` nanoseconds.
    var executeStart: UInt64 = 0
    /// When the current message's reduction began.
    var reduceStart: UInt64 = 0

    /// What work's start and end touch too.
    struct Shared: Sendable {
        /// The current intent's span, while it executes (only with a tracer).
        var span: (any Span)?
        /// The store's async work that started and has not ended.
        var openWork = 0
        /// The spans of open work, by work token (only with a tracer).
        var workSpans: [Int: any Span] = [:]
    }

    let shared = Locked(Shared())

    init(
        storeName: String, factory: any MetricsFactory, tracer: (any Tracer)?, timing: MetricsTiming,
        classifies: (intents: Bool, messages: Bool, sideEffects: Bool)
    ) {
        instruments = StoreInstruments(storeName: storeName, factory: factory)
        unretainedIntents = .passUnretained(instruments.intents)
        unretainedMessages = .passUnretained(instruments.messages)
        unretainedSideEffects = .passUnretained(instruments.sideEffects)
        self.tracer = tracer
        traces = tracer != nil
        interval = timing.interval
        self.classifies = classifies
    }

    // MARK: The pipeline (the store's draining thread)

    /// An intent is about to execute: counted, maybe timed, maybe traced.
    func intentStarted() {
        startIntent()
        count(unretainedIntents)
        if traces { openIntentSpan(kind: nil) }
    }

    /// ``intentStarted()`` for an intent classified as `kind`.
    func intentStarted(kind: String?) {
        startIntent()
        if let kind {
            instruments.counter(MetricsLabels.intents, "kind", kind).increment()
        } else {
            count(unretainedIntents)
        }
        if traces { openIntentSpan(kind: kind) }
    }

    /// Counts the intent for sampling and starts its clock if it is timed.
    @inline(__always)
    private func startIntent() {
        guard let interval else { return }
        intentsUntilTimed -= 1
        timing = intentsUntilTimed == 0
        if timing {
            intentsUntilTimed = interval
            executeStart = nanosecondsNow()
        }
    }

    /// The intent's `execute` returned: its time recorded, its span ended.
    func intentExecuted() {
        if timing {
            instruments.executeDuration.recordNanoseconds(Int64(nanosecondsNow() &- executeStart))
        }
        if traces { endIntentSpan() }
    }

    /// A message is about to be reduced.
    func messageStarted() {
        if timing { reduceStart = nanosecondsNow() }
        count(unretainedMessages)
        if traces { addSpanEvent(MetricsLabels.messageEvent) }
    }

    /// ``messageStarted()`` for a message classified as `kind`.
    func messageStarted(kind: String?) {
        if timing { reduceStart = nanosecondsNow() }
        if let kind {
            instruments.counter(MetricsLabels.messages, "kind", kind).increment()
        } else {
            count(unretainedMessages)
        }
        if traces { addSpanEvent(MetricsLabels.messageEvent) }
    }

    /// Increments `counter` without retaining it around the backend's call (a retain-release
    /// pair was 40 of a send's instructions): see `unretainedIntents`.
    @inline(__always)
    private func count(_ counter: Unmanaged<Counter>) {
        counter._withUnsafeGuaranteedRef { $0.increment() }
    }

    /// The message was reduced.
    func messageReduced() {
        if timing {
            instruments.reduceDuration.recordNanoseconds(Int64(nanosecondsNow() &- reduceStart))
        }
    }

    /// A side effect was posted.
    func sideEffectPosted(kind: String?) {
        if let kind {
            instruments.counter(MetricsLabels.sideEffects, "kind", kind).increment()
        } else {
            count(unretainedSideEffects)
        }
        if traces { addSpanEvent(MetricsLabels.sideEffectEvent) }
    }

    /// A failure was reported to the store.
    func failed(_ error: StoreError) {
        instruments.counter(MetricsLabels.failures, "origin", error.origin.metricsName).increment()
    }

    // MARK: Spans (only with a tracer)

    func openIntentSpan(kind: String?) {
        guard let tracer else { return }
        let span = tracer.startSpan(MetricsLabels.intentSpan, context: ServiceContext.current ?? .topLevel)
        span.attributes[MetricsLabels.storeAttribute] = instruments.storeName
        if let kind { span.attributes[MetricsLabels.kindAttribute] = kind }
        let abandoned = shared.withLock { shared in
            defer { shared.span = span }
            return shared.span
        }
        abandoned?.end()
    }

    func endIntentSpan() {
        let span = shared.withLock { shared in
            defer { shared.span = nil }
            return shared.span
        }
        span?.end()
    }

    func addSpanEvent(_ name: String) {
        shared.withLock { $0.span }?.addEvent(SpanEvent(name: name))
    }

    // MARK: Async work (any thread)

    /// Counts work that starts or ends and opens or ends its span.
    func asyncWork(_ event: AsyncWorkEvent) {
        switch event.phase {
        case .started:
            shared.withLock { shared in
                shared.openWork += 1
                if let tracer {
                    let parent = event.parentWork.flatMap { shared.workSpans[$0] } ?? shared.span
                    let span = tracer.startSpan(
                        MetricsLabels.workSpan, context: parent?.context ?? ServiceContext.current ?? .topLevel)
                    span.attributes[MetricsLabels.storeAttribute] = instruments.storeName
                    if let workID = event.id { span.attributes[MetricsLabels.workIDAttribute] = workID }
                    shared.workSpans[event.work] = span
                }
            }
            instruments.asyncWorkStarted.increment()
        case .finished, .failed, .cancelled:
            let outcome = event.phase.metricsName
            let span = shared.withLock { shared in
                shared.openWork -= 1
                return shared.workSpans.removeValue(forKey: event.work)
            }
            instruments.counter(MetricsLabels.asyncWorkEnded, "outcome", outcome).increment()
            if let span {
                span.attributes[MetricsLabels.workOutcomeAttribute] = outcome
                if event.phase == .failed { span.setStatus(SpanStatus(code: .error)) }
                span.end()
            }
        }
    }
}

/// Nanoseconds on a monotonic clock, for durations.
@inline(__always)
func nanosecondsNow() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
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
        case .inputOverflow: "input_overflow"
        case .addOn: "add_on"
        case .absentChild: "absent_child"
        case .misuse: "misuse"
        }
    }
}
#endif
