import MVI
import MVIFixtures
import Testing

/// A bound on pending input (`Store(…, pendingInputLimit:)`): plain sends at the limit are
/// dropped and reported, async senders wait for room, the store's own input is never
/// refused, and nothing is lost silently ("Backpressure" in the Threading and ordering article).
@Suite(.timeLimit(.minutes(5))) struct BackpressureTests {
    /// Collects the store's failures.
    func errorCollector() -> (Collected<StoreError>, StoreErrorHandler) {
        let errors = Collected<StoreError>()
        return (errors, StoreErrorHandler { errors.append($0) })
    }

    /// Waits until `condition` holds (a count the test cannot be told about otherwise). A
    /// condition that never holds fails the test through its time limit.
    func eventually(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    @Test func withoutALimitTheQueueGrowsAndNothingIsDropped() {
        let store = Store(Counter(), initialState: .init(), start: false)
        for _ in 0..<100 { store.send(.increment) }
        #expect(store.pendingInputLimit == nil)
        #expect(store.pendingInputCount == 100)
        #expect(store.droppedInputCount == 0)
        store.start()
        #expect(store.state.count == 100)
    }

    @Test func aPlainSendAtTheLimitDropsTheNewestAndReportsIt() {
        let (errors, onError) = errorCollector()
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 3, onError: onError, start: false)
        for amount in 1...5 { store.send(.add(amount)) }  // waits until start: 1, 2, 3 fit
        #expect(store.pendingInputLimit == 3)
        #expect(store.pendingInputCount == 3)
        #expect(store.droppedInputCount == 2)
        let reported = errors.values
        #expect(reported.map(\.origin) == [.inputOverflow, .inputOverflow])
        let overflows = reported.compactMap { $0.underlying as? InputOverflow }
        #expect(overflows.map(\.droppedIntent) == ["add(4)", "add(5)"])
        #expect(overflows.allSatisfy { $0.limit == 3 })
        #expect(reported.first?.description.contains("input overflow") == true)
        store.start()
        #expect(store.state.count == 1 + 2 + 3)  // what waited is kept, in order
        store.send(.add(10))  // room again
        #expect(store.state.count == 16)
        #expect(store.droppedInputCount == 2)
    }

    @Test func aLimitIsAtLeastOne() {
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 0, onError: StoreErrorHandler { _ in })
        #expect(store.pendingInputLimit == 1)
        store.send(.increment)  // a lone sender runs at once: nothing waits
        #expect(store.state.count == 1)
        #expect(store.droppedInputCount == 0)
    }

    @Test func anAsyncSenderWaitsForRoomAndSendersGetItInTheOrderTheyWaited() async {
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 1, start: false)
        let counts = Collected<Int>()
        let subscription = store.subscribe { counts.append($0.count) }
        #expect(await store.sendWaitingForRoom(.add(1)))  // room: queued at once
        let first = Task { await store.sendWaitingForRoom(.add(10)) }
        await eventually { store.waitingSenderCount == 1 }
        let second = Task { await store.sendWaitingForRoom(.add(100)) }
        await eventually { store.waitingSenderCount == 2 }
        #expect(store.pendingInputCount == 1)  // the waiting senders' intents are not queued
        store.start()
        #expect(await first.value)
        #expect(await second.value)
        await store.waitForIdle()
        #expect(counts.values == [0, 1, 11, 111])
        #expect(store.waitingSenderCount == 0)
        #expect(store.droppedInputCount == 0)
        subscription.cancel()
    }

    @Test func withoutALimitAnAsyncSendIsAPlainSend() async {
        let store = Store(Counter(), initialState: .init())
        #expect(await store.sendWaitingForRoom(.increment))
        #expect(store.state.count == 1)
    }

    @Test func cancellingTheStoreResumesEveryWaitingSenderWithFalse() async {
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 2, start: false)
        let senders = (0..<6).map { _ in Task { await store.sendWaitingForRoom(.increment) } }
        await eventually { store.waitingSenderCount == 4 }
        store.cancel()
        var results: [Bool] = []
        for sender in senders { results.append(await sender.value) }
        #expect(results.filter { $0 }.count == 2)  // queued, then dropped by the cancel
        #expect(results.filter { !$0 }.count == 4)  // never sent
        #expect(store.waitingSenderCount == 0)
        #expect(store.state.count == 0)
        #expect(await store.sendWaitingForRoom(.increment) == false)  // a cancelled store takes nothing
    }

    @Test func cancellingAWaitingSendersTaskStopsItsWaitAndItsIntentIsNotSent() async {
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 1, start: false)
        store.send(.add(1))
        let waiting = Task { await store.sendWaitingForRoom(.add(10)) }
        await eventually { store.waitingSenderCount == 1 }
        waiting.cancel()
        #expect(await waiting.value == false)
        #expect(store.waitingSenderCount == 0)
        store.start()
        #expect(store.state.count == 1)
    }

    @Test func aSenderWhoseTaskIsCancelledAlreadyStillSendsWhenThereIsRoom() async {
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 1)
        let sent = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await store.sendWaitingForRoom(.increment)
        }
        #expect(await sent.value)
        #expect(store.state.count == 1)
    }

    @Test func aSenderWhoseTaskIsCancelledAlreadyDoesNotWait() async {
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 1, start: false)
        store.send(.increment)
        let sent = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await store.sendWaitingForRoom(.add(10))
        }
        #expect(await sent.value == false)
        #expect(store.waitingSenderCount == 0)
        store.start()
        #expect(store.state.count == 1)
    }

    @Test func timeTravelHoldingInputMakesSendersWaitUntilItResumes() async {
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 1)
        store.hooks.holdInput()
        store.send(.add(1))
        let waiting = Task { await store.sendWaitingForRoom(.add(10)) }
        await eventually { store.waitingSenderCount == 1 }
        store.send(.add(100))  // dropped: a plain send never waits
        #expect(store.droppedInputCount == 1)
        store.hooks.resumeInput()
        #expect(await waiting.value)
        await store.waitForIdle()
        #expect(store.state.count == 11)
    }

    @Test func reentrantSendsFromExecuteAreTheStoresOwnAndNeverDropped() {
        let (errors, onError) = errorCollector()
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 1, onError: onError, start: false)
        store.send(.sendTwice)  // fills the limit until start
        store.start()  // `sendTwice` sends two increments from `execute`, over the limit
        #expect(store.state.count == 2)
        #expect(store.droppedInputCount == 0)
        #expect(errors.values.isEmpty)
    }

    @Test func asyncWorkInputIsNeverRefused() async {
        let (errors, onError) = errorCollector()
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 1, onError: onError)
        store.send(.fanOut(20))
        await store.waitForIdle()
        #expect(store.droppedInputCount == 0)
        #expect(errors.values.isEmpty)
        #expect(store.state.count == 20)
    }

    /// The producer: eight tasks outrunning the store. Unbounded, they return with
    /// hundreds of thousands queued; bounded, every sender waits its turn and the queue
    /// never holds more than the limit.
    @Test func manyAsyncSendersAtTheLimitLoseNothingAndNeverExceedIt() async {
        let limit = 64
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: limit)
        let highWater = Locked(0)
        let sampling = Task {
            while !Task.isCancelled {
                let pending = store.pendingInputCount
                highWater.withLock { $0 = max($0, pending) }
                await Task.yield()
            }
        }
        let accepted = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var accepted = 0
                    for _ in 0..<5_000 where await store.sendWaitingForRoom(.increment) { accepted += 1 }
                    return accepted
                }
            }
            return await group.reduce(0, +)
        }
        #expect(store.pendingInputCount <= limit)  // the senders returned with at most the limit queued
        sampling.cancel()
        await store.waitForIdle()
        #expect(accepted == 40_000)
        #expect(store.state.count == 40_000)
        #expect(store.droppedInputCount == 0)
        #expect(store.waitingSenderCount == 0)
        #expect(highWater.withLock { $0 } <= limit)
    }

    /// Plain and async senders together at the limit: every intent is either applied or
    /// reported dropped, none lost, and every waiting sender is resumed.
    @Test func plainAndAsyncSendersAtTheLimitEachIntentAppliedOrReportedDropped() async {
        let (errors, onError) = errorCollector()
        let store = Store(Counter(), initialState: .init(), pendingInputLimit: 8, onError: onError)
        let waited = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var accepted = 0
                    for _ in 0..<2_000 where await store.sendWaitingForRoom(.increment) { accepted += 1 }
                    return accepted
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<2_000 { store.send(.increment) }
                    return 0
                }
            }
            return await group.reduce(0, +)
        }
        await store.waitForIdle()
        let dropped = store.droppedInputCount
        #expect(waited == 8_000)
        #expect(store.state.count + dropped == 16_000)
        #expect(errors.values.count == dropped)
        #expect(errors.values.allSatisfy { $0.origin == .inputOverflow })
        #expect(store.waitingSenderCount == 0)
    }

    /// Cancelling the store while many senders wait: every sender is resumed, none hangs,
    /// and no intent is applied after the end.
    @Test func cancelWhileManySendersWaitResumesThemAll() async {
        for _ in 0..<20 {
            let store = Store(Counter(), initialState: .init(), pendingInputLimit: 4)
            let results = Task {
                await withTaskGroup(of: (accepted: Int, refused: Int).self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            var accepted = 0
                            var refused = 0
                            for _ in 0..<500 {
                                if await store.sendWaitingForRoom(.increment) { accepted += 1 } else { refused += 1 }
                            }
                            return (accepted, refused)
                        }
                    }
                    var accepted = 0
                    var refused = 0
                    for await result in group {
                        accepted += result.accepted
                        refused += result.refused
                    }
                    return (accepted, refused)
                }
            }
            await eventually { store.state.count >= 100 }
            store.cancel()
            let (accepted, refused) = await results.value
            #expect(accepted + refused == 4_000)
            #expect(store.state.count <= accepted)
            #expect(store.waitingSenderCount == 0)
            #expect(store.pendingInputCount == 0)
        }
    }
}
