import MVI

extension Scenario {
    /// `container-param`: the usual Orbit intent, a `ContainerHost` method whose intent
    /// closure captures the method's parameter, one subscriber. The summary's
    /// `container_param/1sub` is its ratio to swift-mvi's `send-1sub`.
    static var containerParam: Scenario {
        func expectCalls(_ sink: Sink, _ n: Int) -> String? {
            expect("subscriber calls", sink.calls, n + 1) ?? expect("last count seen", sink.last, n)
        }
        return Scenario(
            "container-param", "a ContainerHost method's intent capturing its parameter, one subscriber",
            fullSize: 1_000_000, smokeSize: 10_000,
            systems: [
                (
                    .baselineA,
                    { n in
                        let store = HandWrittenStore(state: BenchState())
                        let sink = Sink()
                        store.subscribe { sink.observe($0.count) }
                        let amount = Int.random(in: 1...1)
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.intent { $0.count &+= amount } } },
                            verify: { expect("count", store.state.count, n) ?? expectCalls(sink, n) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let host = CounterHost()
                        let sink = Sink()
                        let subscription = host.container.subscribe { sink.observe($0.count) }
                        let amount = Int.random(in: 1...1)
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { host.add(amount) } },
                            verify: {
                                withExtendedLifetime(subscription) {
                                    expect("count", host.state.count, n) ?? expectCalls(sink, n)
                                }
                            })
                    }
                ),
            ])
    }
}

/// A presenter in Orbit's style: each method is an intent that captures its parameters.
final class CounterHost: ContainerHost {
    let container = Container<BenchState, Never>(initialState: BenchState())

    @inline(never)
    func add(_ amount: Int) {
        intent { context in context.reduce { $0.count &+= amount } }
    }
}
