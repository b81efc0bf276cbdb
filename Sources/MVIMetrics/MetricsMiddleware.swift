#if Metrics
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
/// dimensions are listed in <doc:Metrics>; the store's name is the `store` dimension.
///
/// One middleware may serve many stores: each store gets a copy of its own when it is created
/// (``forStore(named:)``), which makes that store's instruments once and keeps them for as
/// long as the store (and its last async work) lives.
public struct MetricsMiddleware<Target: Feature>: Middleware {
    /// Classifiers for the `kind` dimension; `nil` leaves the dimension out.
    let intentKind: (@Sendable (Target.Intent) -> String)?
    let messageKind: (@Sendable (Target.Message) -> String)?
    let sideEffectKind: (@Sendable (Target.SideEffect) -> String)?
    let factory: any MetricsFactory
    let tracer: (any Tracer)?
    let timing: MetricsTiming
    /// The store's measurements, in the copy each store uses (``forStore(named:)``); `nil`
    /// in the middleware as created, which no store calls.
    private(set) var meter: StoreMeter? {
        didSet { unmanagedMeter = meter.map { Unmanaged.passUnretained($0) } }
    }
    /// The same, for `handle` to use without reference counting.
    private var unmanagedMeter: Unmanaged<StoreMeter>?

    /// Made by ``MVI/Middleware/metrics(factory:tracer:timing:intentKind:messageKind:sideEffectKind:)``.
    init(
        factory: any MetricsFactory,
        tracer: (any Tracer)?,
        timing: MetricsTiming,
        intentKind: (@Sendable (Target.Intent) -> String)?,
        messageKind: (@Sendable (Target.Message) -> String)?,
        sideEffectKind: (@Sendable (Target.SideEffect) -> String)?
    ) {
        self.intentKind = intentKind
        self.messageKind = messageKind
        self.sideEffectKind = sideEffectKind
        self.factory = factory
        self.tracer = tracer
        self.timing = timing
        self.meter = nil
        self.unmanagedMeter = nil
    }

    /// The copy a store uses: it holds that store's instruments (made here, once) and
    /// measurements, so an event is counted without looking the store up.
    public func forStore(named name: String) -> Self {
        var copy = self
        copy.meter = StoreMeter(
            storeName: name, factory: factory, tracer: tracer, timing: timing,
            classifies: (intentKind != nil, messageKind != nil, sideEffectKind != nil))
        return copy
    }

    /// Intents, messages, side effects and failures; states only to time reductions, since
    /// building a state event copies the state.
    public var observedEventKinds: Set<StoreEvent<Target>.Kind> {
        var kinds: Set<StoreEvent<Target>.Kind> = [.intent, .message, .sideEffect, .failure]
        if timing != .off { kinds.insert(.state) }
        return kinds
    }

    /// Counts, times or traces one event.
    ///
    /// This runs unspecialized behind the store, where touching a `StoreEvent` or a closure
    /// over the feature's types looks up generic metadata (hundreds of instructions): it
    /// switches over `MiddlewareContext.eventKind` instead, and takes the event's payload
    /// (out of line) only for a classifier or a failure.
    public func handle(_ event: StoreEvent<Target>, _ context: borrowing MiddlewareContext<Target>) {
        // Unretained: this copy of the middleware holds the meter (`meter`) while it handles.
        unmanagedMeter?._withUnsafeGuaranteedRef { meter in
            switch context.eventKind {
            case .intent:
                if meter.classifies.intents {
                    meter.intentStarted(kind: kind(of: event))
                } else {
                    meter.intentStarted()
                }
            case .message:
                if meter.classifies.messages {
                    meter.messageStarted(kind: kind(of: event))
                } else {
                    meter.messageStarted()
                }
            case .state: meter.messageReduced()
            case .sideEffect: meter.sideEffectPosted(kind: meter.classifies.sideEffects ? kind(of: event) : nil)
            case .failure: failed(event, meter)
            case .created, .started, .cancelled, .stateReplaced, .sharedChange: break
            }
        }
    }

    /// The `kind` dimension of an intent, message or side effect event, from its classifier.
    @inline(never)
    private func kind(of event: StoreEvent<Target>) -> String? {
        switch event {
        case .intent(let intent): intentKind?(intent)
        case .message(let message): messageKind?(message)
        case .sideEffect(let sideEffect): sideEffectKind?(sideEffect)
        default: nil
        }
    }

    /// Counts a failure event.
    @inline(never)
    private func failed(_ event: StoreEvent<Target>, _ meter: StoreMeter) {
        if case .failure(let error) = event { meter.failed(error) }
    }

    /// `true`: async work is counted and, given a tracer, traced.
    public var observesAsyncWork: Bool { true }

    /// Counts work that starts or ends and opens or ends its span.
    public func asyncWork(_ event: AsyncWorkEvent) {
        meter?.asyncWork(event)
    }

    /// Records the execution time and ends the intent's span.
    public func intentExecuted(_ context: borrowing MiddlewareContext<Target>) {
        unmanagedMeter?._withUnsafeGuaranteedRef { $0.intentExecuted() }
    }
}
#endif
