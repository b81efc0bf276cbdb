import MVI
import MVIFixtures
import Testing

/// Stress tests of the threading semantics ("Threading and ordering" in the MVI documentation).
@Suite(.serialized, .timeLimit(.minutes(5))) struct ConcurrencyTests {
    @Test func concurrentSendersLoseNothing() async {
        let store = Store(Counter(), initialState: .init())
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<100_000 { store.send(.increment) }
                }
            }
        }
        await waitForCount(store, 800_000)
        #expect(store.state.count == 800_000)
    }

    @Test func observersSeeStrictlyIncreasingStates() async {
        let store = Store(Counter(), initialState: .init())
        let seen = Collected<Int>()
        let subscription = store.subscribe { seen.append($0.count) }
        let streamed = Task {
            var values: [Int] = []
            for await state in store.states {
                values.append(state.count)
                if state.count == 40_000 { break }
            }
            return values
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<10_000 { store.send(.increment) } }
            }
        }
        let streamedValues = await streamed.value  // the last state has been published
        let values = seen.values
        #expect(values.count == 40_001)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 + 1 == $1 })
        #expect(streamedValues.last == 40_000)
        #expect(zip(streamedValues, streamedValues.dropFirst()).allSatisfy { $0 < $1 })
        subscription.cancel()
    }

    @Test func reentrantSendsQueueBehindTheCurrentOne() {
        let store = Store(Counter(), initialState: .init())
        let events = Collected<String>()
        // An observer that sends from inside a notification: no deadlock, no reordering.
        let subscription = store.subscribe { state in
            events.append("saw \(state.count)")
            if state.count == 1 {
                store.send(.add(10))
                events.append("sent add(10)")
                events.append("state still \(store.state.count)")
            }
        }
        store.send(.increment)
        #expect(events.values == ["saw 0", "saw 1", "sent add(10)", "state still 1", "saw 11"])
        subscription.cancel()
    }

    @Test func intentsSentFromExecuteRunAfterIt() {
        let store = Store(Counter(), initialState: .init())
        let seen = Collected<Int>()
        let subscription = store.subscribe { seen.append($0.count) }
        store.send(.sendTwice)
        store.send(.add(100))
        #expect(seen.values == [0, 1, 2, 102])
        subscription.cancel()
    }

    @Test func sideEffectsAreDeliveredExactlyOnceAcrossConsumers() async {
        let store = Store(Counter(), initialState: .init(), sideEffects: .buffer(capacity: 100_000))
        let producers = 4
        let perProducer = 2_500
        let total = producers * perProducer
        let taken = Collected<String>()
        let consumers = (0..<3).map { _ in
            Task {
                for await case .said(let text) in store.sideEffects {
                    taken.append(text)
                }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<producers {
                group.addTask {
                    for index in 0..<perProducer { store.send(.notify("\(producer)-\(index)")) }
                }
            }
        }
        while taken.values.count < total { await Task.yield() }
        store.cancel()
        for consumer in consumers { await consumer.value }
        let values = taken.values
        #expect(values.count == total)
        #expect(Set(values).count == total)
    }

    @Test func concurrentSubscribeAndCancelIsSafe() async {
        let store = Store(Counter(), initialState: .init())
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for _ in 0..<20_000 { store.send(.increment) } }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<500 {
                        let subscription = store.subscribe { _ in }
                        subscription.cancel()
                    }
                }
            }
        }
        await waitForCount(store, 20_000)
        #expect(store.state.count == 20_000)
    }
}
