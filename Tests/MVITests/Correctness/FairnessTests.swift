import Foundation
import MVI
import MVIFixtures
import Testing

/// A thread that drains the store hands over after a fair share of others' work, and the
/// queue's length can be read.
@Suite(.timeLimit(.minutes(5))) struct FairnessTests {
    struct Tracked: Feature {
        struct State: Sendable { var count = 0 }
        enum Intent: Sendable { case block, work }
        enum Message: Sendable { case done }

        let entered: Gate<Void>
        let release: DispatchSemaphore
        /// The threads that executed `.work`, by identity.
        let threads: Collected<UInt>

        static func reduce(_ state: inout State, _ message: Message) { state.count += 1 }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .block:
                entered.open(())
                release.wait()  // on a thread of its own, not the cooperative pool
            case .work:
                threads.append(UInt(bitPattern: ObjectIdentifier(Thread.current).hashValue))
                context.dispatch(.done)
            }
        }
    }

    @Test func aSenderDrainsOnlyAFairShareOfOthersWork() async {
        let entered = Gate<Void>()
        let release = DispatchSemaphore(value: 0)
        let threads = Collected<UInt>()
        let store = Store(Tracked(entered: entered, release: release, threads: threads), initialState: .init())
        let drainerThread = Locked<UInt>(0)
        let returned = Gate<Void>()
        Thread.detachNewThread {
            drainerThread.withLock { $0 = UInt(bitPattern: ObjectIdentifier(Thread.current).hashValue) }
            store.send(.block)  // this thread drains: it runs what others queue meanwhile
            returned.open(())
        }
        await entered.wait()
        for _ in 0..<5_000 { store.send(.work) }
        #expect(store.pendingInputCount == 5_000)
        release.signal()
        await returned.wait()
        await store.waitForIdle()
        #expect(store.state.count == 5_000)
        #expect(store.pendingInputCount == 0)
        let drainer = drainerThread.withLock { $0 }
        let drainedByTheSender = threads.values.filter { $0 == drainer }.count
        #expect(drainedByTheSender <= 1_024, "the sender ran \(drainedByTheSender) of others' intents")
    }
}
