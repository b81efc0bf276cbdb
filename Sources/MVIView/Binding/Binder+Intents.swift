import MVI
extension Binder {
    /// Sends every intent of a stream to the store while started: BmiCalc's intentions.
    ///
    /// ```swift
    /// binder.bind(intents: merge(
    ///     heightSlider.values.map { .height($0) },
    ///     weightSlider.values.debounce(for: .milliseconds(100)).map { .weight($0) }))
    /// ```
    ///
    /// The expression is evaluated again on each ``start()`` and its iteration is cancelled on
    /// ``stop()``, so give an expression that makes a fresh sequence (like
    /// ``BaseMVIView/events``), not a stored `AsyncStream`, which ends when its first iteration
    /// is cancelled. Operators such as `debounce`, `throttle`, `merge` and `combineLatest` come
    /// from swift-async-algorithms. The stream is iterated on the main actor; an error it
    /// throws ends it and goes to the store's error handler.
    @discardableResult
    public func bind<Intents: AsyncSequence>(
        intents: @autoclosure @escaping @MainActor () -> Intents
    ) -> Self where Intents.Element == F.Intent {
        let store = store
        return connect {
            let intents = intents()
            let task = Task {
                do {
                    for try await intent in intents {
                        store.send(intent)
                    }
                } catch is CancellationError {
                    // Stopped.
                } catch {
                    store.report(
                        StoreError(
                            storeName: store.name, origin: .addOn("Binder intent stream"), underlying: error))
                }
            }
            return Subscription { task.cancel() }
        }
    }
}
