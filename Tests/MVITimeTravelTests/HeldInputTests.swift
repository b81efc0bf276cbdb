import Dispatch
import MVI
import MVIFixtures
import MVITimeTravel
import Synchronization
import Testing

@Suite struct HeldInputTests {
    @Test func intentsSentWhileStoppedAreHeldThenAppliedInOrder() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        store.send(.add(1))
        timeTravel.stop()
        timeTravel.moveToStart()

        store.send(.add(2))
        store.send(.add(3))
        #expect(store.state == .init())  // shows the start; held input is not applied
        #expect(store.hooks.isHoldingInput)

        #expect(timeTravel.cancel())
        #expect(store.state == .init(count: 6, log: [1, 2, 3]))
        #expect(!store.hooks.isHoldingInput)
        #expect(timeTravel.mode == .idle)
    }

    @Test func intentStartingAsyncWorkIsHeldThenRuns() async throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        store.send(.add(1))
        timeTravel.stop()
        store.send(.addLater(5))  // held: not executed yet
        #expect(store.state.count == 1)
        #expect(store.runningTaskCount == 0)
        timeTravel.cancel()  // executes .addLater(5)
        await store.waitForIdle()
        #expect(store.state.log == [1, 5])
    }

    @Test func dispatchFromAsyncWorkWaitsWhileStopped() async throws {
        let timeTravel = TimeTravel()
        let reached = AsyncStream<Void>.makeStream()
        let dispatched = Atomic<Bool>(false)
        let feature = Counter(
            beforeDispatch: { reached.continuation.yield() },
            afterDispatch: { dispatched.store(true, ordering: .sequentiallyConsistent) })
        let store = try makeCounter(timeTravel, feature: feature)
        timeTravel.startRecording()
        store.send(.addLater(7))
        var iterator = reached.stream.makeAsyncIterator()
        _ = await iterator.next()  // the work is about to dispatch
        timeTravel.stop()
        timeTravel.moveToStart()
        // Whether the dispatch landed just before the stop or is held, the store shows the
        // start while stopped: a held dispatch is not applied.
        #expect(store.state.count == 0)
        timeTravel.cancel()
        await store.waitForIdle()
        #expect(store.state.log == [7])
        let didDispatch = dispatched.load(ordering: .sequentiallyConsistent)
        #expect(didDispatch)
        #expect(timeTravel.events.contains { $0.kind == .message && $0.description == "added(7)" })
    }

    /// Pauses the store on `added(7)` after it took the message and before it reduces it:
    /// the moment a stop used to fall in and leave the message applied but not recorded.
    struct PauseBeforeReducing: Middleware {
        typealias Target = Counter
        let entered: AsyncStream<Void>.Continuation
        let release: DispatchSemaphore
        var observedEventKinds: Set<StoreEvent<Counter>.Kind> { [.message] }

        func handle(_ event: StoreEvent<Counter>, _ context: borrowing MiddlewareContext<Counter>) {
            guard case .message(.added(7)) = event else { return }
            entered.yield()
            release.wait()
        }
    }

    @Test func aMessageTheStoreHadStartedWhenRecordingStoppedIsRecorded() async throws {
        let timeTravel = TimeTravel()
        let entered = AsyncStream<Void>.makeStream()
        let release = DispatchSemaphore(value: 0)
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [
                try timeTravel.register("Counter"),
                PauseBeforeReducing(entered: entered.continuation, release: release),
            ])
        timeTravel.startRecording()
        store.send(.addLater(7))
        var iterator = entered.stream.makeAsyncIterator()
        _ = await iterator.next()  // the work's message is being applied
        #expect(timeTravel.stop())
        release.signal()
        // The store finishes the message it had taken (its own state, not a shown one).
        for _ in 0..<5_000 where store.state.log.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        #expect(store.state.log == [7])
        #expect(timeTravel.cancel())
        await store.waitForIdle()
        #expect(store.state.log == [7])
        // Applied, so recorded: the recording agrees with what the store did.
        #expect(timeTravel.events.map(\.description).suffix(2) == ["added(7)", "State(count: 7, log: [7])"])
    }

    @Test func storeStateChangedByWorkInProgressIsNotLostOnCancel() throws {
        // The store's own state comes back on cancel, even after showing other states.
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        store.send(.add(1))
        store.send(.add(2))
        timeTravel.stop()
        timeTravel.moveToStart()
        timeTravel.stepForward()
        #expect(store.state.count == 1)
        timeTravel.cancel()
        #expect(store.state.count == 3)
        store.send(.add(3))
        #expect(store.state == .init(count: 6, log: [1, 2, 3]))
    }

    @Test func storeCreatedWhileStoppedIsHeldToo() throws {
        let timeTravel = TimeTravel()
        let first = try makeCounter(timeTravel, name: "First")
        timeTravel.startRecording()
        first.send(.add(1))
        timeTravel.stop()
        let late = try makeCounter(timeTravel, name: "Late")
        late.send(.add(4))
        #expect(late.state.count == 0)
        timeTravel.cancel()
        #expect(late.state.count == 4)
    }

    @Test func concurrentSendsAcrossStopAndCancelLoseNothing() async throws {
        let timeTravel = TimeTravel(maxEvents: 1_000)
        let stores = try (0..<3).map { try makeCounter(timeTravel, name: "S\($0)") }
        timeTravel.startRecording()
        let perTask = 300
        await withTaskGroup(of: Void.self) { group in
            for store in stores {
                for _ in 0..<2 {
                    group.addTask {
                        for _ in 0..<perTask { store.send(.add(1)) }
                    }
                }
            }
            group.addTask {
                for _ in 0..<50 {
                    timeTravel.stop()
                    timeTravel.stepBackward()
                    timeTravel.moveToStart()
                    timeTravel.cancel()
                    timeTravel.startRecording()
                }
            }
        }
        timeTravel.cancel()
        for store in stores {
            await store.waitForIdle()
            #expect(store.state.count == 2 * perTask)
            #expect(store.state.log.count == 2 * perTask)
        }
        let sequences = timeTravel.events.map(\.sequence)
        #expect(sequences == sequences.sorted())
        #expect(timeTravel.eventCount <= 1_000)
    }
}

@Suite struct RecordingStressTests {
    @Test func concurrentSendersAreRecordedInOrderPerStore() async throws {
        let timeTravel = TimeTravel(maxEvents: 100_000)
        let stores = try (0..<4).map { try makeCounter(timeTravel, name: "S\($0)") }
        timeTravel.startRecording()
        let perTask = 200
        await withTaskGroup(of: Void.self) { group in
            for store in stores {
                for task in 0..<2 {
                    group.addTask {
                        for index in 0..<perTask { store.send(.add(task * 1_000 + index)) }
                    }
                }
            }
        }
        for store in stores { await store.waitForIdle() }  // a drain handed over may still run
        let events = timeTravel.events
        #expect(events.count == stores.count * 2 * perTask * 3)
        #expect(events.map(\.sequence) == Array(1...UInt64(events.count)))
        for store in stores {
            let kinds = events.filter { $0.storeName == store.name }.map(\.kind)
            #expect(
                kinds
                    == Array(repeating: [TimeTravelEvent.Kind.intent, .message, .state], count: 2 * perTask).flatMap {
                        $0
                    })
            // The recorded states replay to the store's final state.
            timeTravel.stop()
            timeTravel.moveToEnd()
            #expect(store.state.count == (0..<perTask).reduce(0) { $0 + $1 * 2 + 1_000 })
            timeTravel.cancel()
        }
        let divergence = try TimeTravelReplay.firstDivergence(in: try timeTravel.export(), of: Counter.self)
        #expect(divergence == nil)
    }
}
