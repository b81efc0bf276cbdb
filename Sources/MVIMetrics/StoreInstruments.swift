#if Metrics
import CoreMetrics
import MVI

/// One store's counters and timers, made once (when the store is created) so that an event
/// costs a counter increment, not a look-up in the metrics backend.
final class StoreInstruments: Sendable {
    let storeName: String
    let factory: any MetricsFactory
    let intents: Counter
    let messages: Counter
    let sideEffects: Counter
    let executeDuration: Timer
    let reduceDuration: Timer
    let asyncWorkStarted: Counter
    /// Counters per kind (and per failure origin), made on first use.
    private let classified: Locked<[Key: Counter]>

    /// A classified counter's key: its label and its `kind` or `origin`.
    struct Key: Hashable, Sendable {
        let label: String
        let value: String
    }

    init(storeName: String, factory: any MetricsFactory) {
        self.storeName = storeName
        self.factory = factory
        let dimensions = [("store", storeName)]
        intents = Counter(label: MetricsLabels.intents, dimensions: dimensions, factory: factory)
        messages = Counter(label: MetricsLabels.messages, dimensions: dimensions, factory: factory)
        sideEffects = Counter(label: MetricsLabels.sideEffects, dimensions: dimensions, factory: factory)
        executeDuration = Timer(
            label: MetricsLabels.executeDuration, dimensions: dimensions, preferredDisplayUnit: .seconds,
            factory: factory)
        reduceDuration = Timer(
            label: MetricsLabels.reduceDuration, dimensions: dimensions, preferredDisplayUnit: .seconds,
            factory: factory)
        asyncWorkStarted = Counter(label: MetricsLabels.asyncWorkStarted, dimensions: dimensions, factory: factory)
        classified = Locked([:])
    }

    /// The counter `label` with the store's dimension and `name: value`, made on first use.
    func counter(_ label: String, _ name: String, _ value: String) -> Counter {
        let key = Key(label: label, value: value)
        return classified.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = Counter(label: label, dimensions: [("store", storeName), (name, value)], factory: factory)
            counters[key] = counter
            return counter
        }
    }
}
#endif
