#if Metrics
/// The labels and dimensions ``MetricsMiddleware`` reports under (swift-metrics conventions:
/// lowercase words joined by underscores, counters ending in `_total`, durations in seconds).
/// Apps read them in Metrics.md's table; these constants are the package's own (the middleware,
/// its tests).
package enum MetricsLabels {
    /// Counter: intents a store executed. Dimensions: `store`, and `kind` when intents are classified.
    package static let intents = "mvi_store_intents_total"
    /// Counter: messages a store reduced. Dimensions: `store`, and `kind` when messages are classified.
    package static let messages = "mvi_store_messages_total"
    /// Counter: side effects a store posted. Dimensions: `store`, and `kind` when side effects are classified.
    package static let sideEffects = "mvi_store_side_effects_total"
    /// Counter: failures a store reported. Dimensions: `store`, `origin` (one of
    /// `async_work` (async work threw), `side_effect_overflow`, `add_on`, `absent_child`, `misuse`).
    package static let failures = "mvi_store_failures_total"
    /// Timer: how long an intent's `execute` took, the messages it dispatched synchronously
    /// included. Dimensions: `store`.
    package static let executeDuration = "mvi_store_execute_duration_seconds"
    /// Timer: how long reducing one message took. Dimensions: `store`.
    package static let reduceDuration = "mvi_store_reduce_duration_seconds"
    /// Counter: async work a store started (`run`). Dimensions: `store`.
    package static let asyncWorkStarted = "mvi_store_async_work_started_total"
    /// Counter: async work that ended. Dimensions: `store`, `outcome` (one of `finished`,
    /// `failed` (it threw), `cancelled`).
    package static let asyncWorkEnded = "mvi_store_async_work_ended_total"
    /// Span: one piece of async work, from `run` to its end. Its parent is the span of the
    /// intent whose `execute` started it, or of the work whose operation did. Attributes:
    /// ``storeAttribute``, ``workIDAttribute`` when the work has an id, ``workOutcomeAttribute``;
    /// its status is an error when the work threw.
    package static let workSpan = "mvi.work"
    /// Span attribute: the id the work was started with.
    package static let workIDAttribute = "mvi.work.id"
    /// Span attribute: how the work ended: `finished`, `failed` or `cancelled`.
    package static let workOutcomeAttribute = "mvi.work.outcome"
    /// Span: one intent's execution. Attributes: ``storeAttribute``, and ``kindAttribute`` when
    /// intents are classified; one span event named ``messageEvent`` per message it dispatched
    /// and ``sideEffectEvent`` per side effect it posted.
    package static let intentSpan = "mvi.intent"
    /// Span event: a message dispatched while the intent's span was open.
    package static let messageEvent = "mvi.message"
    /// Span event: a side effect posted while the intent's span was open.
    package static let sideEffectEvent = "mvi.side_effect"
    /// Span attribute: the store's name.
    package static let storeAttribute = "mvi.store"
    /// Span attribute: the intent's kind, when intents are classified.
    package static let kindAttribute = "mvi.intent.kind"
}
#endif
