import MVI

extension Scenario {
    /// `observable-send`: the SwiftUI path. An intent sent through a main-actor model that
    /// Observation watches, with a view's two reads tracked (`model.count`, `model.payload`):
    /// each send shows the new state and invalidates the part that changed. Swift-mvi's
    /// `ObservableStore` against a hand-written model over the hand-written store. Runs on the
    /// main thread only (`mvi-bench`), so package-benchmark leaves it out.
    static var observableSend: Scenario {
        Scenario(
            "observable-send", "send through an ObservableStore with two tracked parts (the SwiftUI path)",
            fullSize: 1_000_000, smokeSize: 10_000, needsMainThread: true,
            systems: [
                (
                    .baselineA,
                    { n in
                        let model = MainActor.assumeIsolated {
                            let model = HandWrittenModel(state: BenchState())
                            _ = model.count
                            _ = model.payload
                            return model
                        }
                        return Trial(
                            operations: n,
                            run: { MainActor.assumeIsolated { for _ in 0..<n { model.send(.increment) } } },
                            verify: { MainActor.assumeIsolated { expect("count", model.count, n) } })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let model = MainActor.assumeIsolated {
                            let model = ObservableStore(Store(CounterFeature<BenchState>(), initialState: BenchState()))
                            _ = model.count
                            _ = model.payload
                            return model
                        }
                        return Trial(
                            operations: n,
                            run: { MainActor.assumeIsolated { for _ in 0..<n { model.send(.increment) } } },
                            verify: { MainActor.assumeIsolated { expect("count", model.count, n) } })
                    }
                ),
            ])
    }
}
