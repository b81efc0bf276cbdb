import Foundation
import MVI
import MVIFixtures
import Testing

/// A thread that drains the store works through what other threads queued: cancelling,
/// holding input, cancelling async work and counting what waits, done while it is in the
/// middle of that queue, must act on the part it has not run yet.
@Suite(.timeLimit(.minutes(5))) struct DrainInterruptionTests {
    /// Intent `.block` holds the draining thread until released, so that numbers queue up
    /// behind it; each number is applied, then handed to `onNumber` (the test's hook).
    struct Numbers: Feature {
        struct State: Sendable { var applied: [Int] = [] }
        enum Intent: Sendable {
            case block, number(Int)
            /// Async work named `id` that dispatches `number` once `gate` opens.
            case work(id: String, number: Int, gate: Gate<Void>)
            case cancelWork(id: String)
        }
        enum Message: Sendable { case apply(Int) }
        typealias SideEffect = Never

        let entered: Gate<Void>
        let release: DispatchSemaphore
        let onNumber: Locked<(@Sendable (Int) -> Void)?>

        static func reduce(_ state: inout State, _ message: Message) {
            if case .apply(let number) = message { state.applied.append(number) }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .block:
                entered.open()
                release.wait()  // on a thread of its own, not the cooperative pool
            case .number(let number):
                context.dispatch(.apply(number))
                onNumber.withLock { $0 }?(number)
            case .work(let id, let number, let gate):
                context.run(id: id) { work in
                    await gate.wait()
                    await work.dispatch(.apply(number))
                }
            case .cancelWork(let id):
                context.cancel(id: id)
            }
        }
    }

    /// A store whose drainer, on a thread of its own, is blocked with `count` numbers queued
    /// behind it; `release()` lets it drain them, and returns once it has.
    struct Blocked {
        let store: Store<Numbers>
        let onNumber: Locked<(@Sendable (Int) -> Void)?>
        let releaseDrainer: DispatchSemaphore
        let returned: Gate<Void>

        init(queued count: Int) async {
            let entered = Gate<Void>()
            releaseDrainer = DispatchSemaphore(value: 0)
            onNumber = Locked(nil)
            store = Store(
                Numbers(entered: entered, release: releaseDrainer, onNumber: onNumber), initialState: .init())
            returned = Gate<Void>()
            let (store, returned) = (store, returned)
            Thread.detachNewThread {
                store.send(.block)
                returned.open()
            }
            await entered.wait()
            for number in 1...count { store.send(.number(number)) }
        }

        /// Runs `action` on the drainer right after number `number` is applied.
        func after(_ number: Int, _ action: @escaping @Sendable (Store<Numbers>) -> Void) {
            let store = store
            onNumber.withLock {
                $0 = { applied in
                    if applied == number { action(store) }
                }
            }
        }

        func release() async {
            releaseDrainer.signal()
            await returned.wait()
        }
    }

    @Test func queuedNumbersRunInOrderOnTheDrainer() async {
        let blocked = await Blocked(queued: 3_000)
        #expect(blocked.store.pendingInputCount == 3_000)
        await blocked.release()
        await blocked.store.waitForIdle()
        #expect(blocked.store.state.applied == Array(1...3_000))
        #expect(blocked.store.pendingInputCount == 0)
    }

    @Test func whatWaitsCountsTheRestOfTheQueueWhileItIsDrained() async {
        let blocked = await Blocked(queued: 100)
        let seen = Locked<Int?>(nil)
        let store = blocked.store
        blocked.after(2) { store in seen.withLock { $0 = store.pendingInputCount } }
        await blocked.release()
        #expect(seen.withLock { $0 } == 98)
        #expect(store.pendingInputCount == 0)
    }

    @Test func cancellingWhileTheQueueIsDrainedDropsTheRest() async {
        let blocked = await Blocked(queued: 100)
        let store = blocked.store
        blocked.after(2) { $0.cancel() }
        await blocked.release()
        #expect(store.isCancelled)
        #expect(store.state.applied == [1, 2])
        #expect(store.pendingInputCount == 0)
    }

    @Test func holdingInputWhileTheQueueIsDrainedHoldsTheRestInOrder() async {
        let blocked = await Blocked(queued: 100)
        let store = blocked.store
        blocked.after(2) { $0.hooks.holdInput() }
        await blocked.release()
        #expect(store.state.applied == [1, 2])
        #expect(store.hooks.heldInputCount == 98)
        #expect(store.pendingInputCount == 98)
        store.send(.number(101))  // held behind the rest
        store.hooks.resumeInput()
        #expect(store.state.applied == Array(1...101))
    }

    @Test func whatIsHeldCountsTheRestOfTheQueueOnTheDrainerAtOnce() async {
        let blocked = await Blocked(queued: 100)
        let store = blocked.store
        let seen = Locked<(held: Int, pending: Int)?>(nil)
        blocked.after(2) { store in
            store.hooks.holdInput()
            seen.withLock { $0 = (store.hooks.heldInputCount, store.pendingInputCount) }
        }
        await blocked.release()
        #expect(seen.withLock { $0?.held } == 98)
        #expect(seen.withLock { $0?.pending } == 98)
        store.hooks.resumeInput()
        #expect(store.state.applied == Array(1...100))
    }

    @Test func cancellingOnTheDrainerLeavesNothingWaiting() async {
        let blocked = await Blocked(queued: 100)
        let store = blocked.store
        let seen = Locked<Int?>(nil)
        blocked.after(2) { store in
            store.cancel()
            seen.withLock { $0 = store.pendingInputCount }
        }
        await blocked.release()
        #expect(seen.withLock { $0 } == 0)
        #expect(store.state.applied == [1, 2])
    }

    @Test func holdingAndResumingWhileTheQueueIsDrainedKeepsTheOrder() async {
        let blocked = await Blocked(queued: 100)
        let store = blocked.store
        blocked.after(2) { store in
            store.hooks.holdInput()
            store.hooks.resumeInput()
        }
        await blocked.release()
        await store.waitForIdle()
        #expect(store.state.applied == Array(1...100))
        #expect(store.pendingInputCount == 0)
    }

    @Test func aQueuedMessageFromWorkCancelledEarlierInTheQueueIsDropped() async {
        let entered = Gate<Void>()
        let release = DispatchSemaphore(value: 0)
        let store = Store(Numbers(entered: entered, release: release, onNumber: Locked(nil)), initialState: .init())
        let dispatchNow = Gate<Void>()
        store.send(.work(id: "late", number: 1_000, gate: dispatchNow))
        let returned = Gate<Void>()
        Thread.detachNewThread {
            store.send(.block)
            returned.open()
        }
        await entered.wait()
        store.send(.cancelWork(id: "late"))
        dispatchNow.open()
        while store.pendingInputCount < 2 { await Task.yield() }  // the work's message queued too
        release.signal()  // the cancel runs, then the message of the work it cancelled
        await returned.wait()
        await store.waitForIdle()
        #expect(store.state.applied == [])
    }

    @Test func aSubscriptionQueuedAmongTheNumbersSeesTheStateInOrder() async {
        let entered = Gate<Void>()
        let release = DispatchSemaphore(value: 0)
        let store = Store(Numbers(entered: entered, release: release, onNumber: Locked(nil)), initialState: .init())
        let returned = Gate<Void>()
        Thread.detachNewThread {
            store.send(.block)
            returned.open()
        }
        await entered.wait()
        for number in 1...50 { store.send(.number(number)) }
        let firstSeen = Locked<[Int]?>(nil)
        let subscription = store.subscribe { state in
            firstSeen.withLock { seen in if seen == nil { seen = state.applied } }
        }
        for number in 51...100 { store.send(.number(number)) }
        release.signal()
        await returned.wait()
        #expect(firstSeen.withLock { $0 } == Array(1...50))  // subscribed after 50, before 51
        #expect(store.state.applied == Array(1...100))
        subscription.cancel()
    }
}

/// Senders on several threads while another holds and resumes input, or cancels the store:
/// whoever drains, each sender's intents are applied in the order it sent them, none twice,
/// none lost while the store lives, and after a cancel only a prefix of each sender's.
@Suite(.timeLimit(.minutes(5))) struct DrainInterruptionStressTests {
    struct Tagged: Feature {
        struct State: Sendable {
            /// Each sender's numbers, in the order they were applied.
            var applied: [[Int]] = Array(repeating: [], count: DrainInterruptionStressTests.senders)
        }
        struct Intent: Sendable {
            let sender: Int
            let number: Int
        }
        typealias Message = Intent
        typealias SideEffect = Never

        static func reduce(_ state: inout State, _ message: Intent) {
            state.applied[message.sender].append(message.number)
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
    }

    static let senders = 4
    static let perSender = 5_000

    /// Runs `senders` threads sending `perSender` intents each, and `meanwhile` (up to 1,000
    /// rounds) on another thread until they are done; returns once all have sent and
    /// `meanwhile` has stopped.
    func sendFromThreads(to store: Store<Tagged>, meanwhile: @escaping @Sendable (Int) -> Void) async {
        let senders = Threads.start(Self.senders) { sender in
            for number in 0..<Self.perSender { store.send(.init(sender: sender, number: number)) }
        }
        let stop = Locked(false)
        let toggler = Threads.start(1) { _ in
            var round = 0
            while round < 1_000 && !stop.withLock({ $0 }) {
                meanwhile(round)
                round += 1
            }
        }
        await senders.join()
        stop.withLock { $0 = true }
        await toggler.join()
    }

    @Test func holdingAndResumingWhileSendersQueueKeepsEveryIntentInOrder() async {
        let store = Store(Tagged(), initialState: .init())
        await sendFromThreads(to: store) { round in
            if round % 2 == 0 { store.hooks.holdInput() } else { store.hooks.resumeInput() }
        }
        store.hooks.resumeInput()  // if the last round held input
        await store.waitForIdle()
        #expect(store.hooks.heldInputCount == 0)
        for sender in 0..<Self.senders {
            #expect(store.state.applied[sender] == Array(0..<Self.perSender), "sender \(sender)")
        }
        #expect(store.pendingInputCount == 0)
    }

    @Test func cancellingWhileSendersQueueAppliesAPrefixOfEachSendersIntents() async {
        for _ in 0..<5 {
            let store = Store(Tagged(), initialState: .init())
            await sendFromThreads(to: store) { round in
                if round == 200 { store.cancel() }
            }
            store.cancel()
            await store.waitForIdle()
            let applied = store.state.applied
            for sender in 0..<Self.senders {
                #expect(applied[sender] == Array(0..<applied[sender].count), "sender \(sender)")
            }
            #expect(store.pendingInputCount == 0)
        }
    }
}
