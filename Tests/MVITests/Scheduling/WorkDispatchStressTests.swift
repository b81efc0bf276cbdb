import MVI
import MVIFixtures
import Testing

/// Async work dispatching while other threads keep the store busy: a queued message resumes
/// its work exactly once (applied, or dropped with its cancelled work), and `dispatch`
/// returns only once the message is applied.
@Suite(.serialized, .timeLimit(.minutes(5))) struct WorkDispatchStressTests {
    struct Tally: Feature {
        struct State: Sendable, Equatable {
            var applied = 0
            var sent = 0
        }
        enum Intent: Sendable {
            case send
            /// Starts work that dispatches `count` messages; with `cancelling`, it supersedes
            /// the earlier work with that id.
            case work(count: Int, cancelling: Int?)
        }
        enum Message: Sendable { case one }
        typealias SideEffect = Never

        /// Counts what dispatches saw that broke the promise (the state did not reflect the
        /// message when `dispatch` returned).
        let broken: Collected<Int>

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .one: state.applied += 1
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .send:
                context.dispatch(.one)
            case .work(let count, let cancelling):
                let broken = broken
                context.run(id: cancelling, cancelInFlight: cancelling != nil) { work in
                    for _ in 0..<count {
                        let before = work.state.applied
                        await work.dispatch(.one)
                        // Applied: never still waiting in the queue. (Cancelled work's message
                        // may be dropped before its task sees the cancellation: not checked.)
                        if cancelling == nil, work.state.applied <= before { broken.append(before) }
                    }
                }
            }
        }
    }

    @Test func queuedMessagesResumeTheirWorkOnceAppliedUnderContention() async {
        let broken = Collected<Int>()
        let store = Store(Tally(broken: broken), initialState: .init())
        let works = 200
        let messagesPerWork = 50
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {  // keep the store busy, so that work finds it draining
                group.addTask { for _ in 0..<20_000 { store.send(.send) } }
            }
            group.addTask {
                for _ in 0..<works { store.send(.work(count: messagesPerWork, cancelling: nil)) }
            }
        }
        await store.waitForIdle()
        #expect(broken.values.isEmpty)
        #expect(store.state.applied == 40_000 + works * messagesPerWork)
    }

    @Test func cancelledWorkWaitingOnItsQueuedMessageIsResumed() async {
        let broken = Collected<Int>()
        let store = Store(Tally(broken: broken), initialState: .init())
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for _ in 0..<20_000 { store.send(.send) } }
            group.addTask {
                // Each work supersedes the previous one with the same id: some are cancelled
                // while their message waits in the queue, and must still be resumed.
                for index in 0..<500 { store.send(.work(count: 20, cancelling: index % 4)) }
            }
        }
        // Every work returns (a work left suspended would hang here until the time limit).
        await store.waitForIdle()
        #expect(broken.values.isEmpty)
        #expect(store.state.applied >= 20_000)
    }
}
