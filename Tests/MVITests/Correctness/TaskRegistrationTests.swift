import Foundation
import MVI
import Testing

/// A task's slot is reserved before the task exists and the task registered after: work that
/// ends before its registration, or races other work's start and end from other threads,
/// leaves no slot behind and loses no message.
@Suite(.timeLimit(.minutes(5))) struct TaskRegistrationTests {
    struct Counter: Feature {
        struct State: Sendable { var count = 0 }
        enum Intent: Sendable {
            case load
            case loadLatest
        }
        enum Message: Sendable { case loaded }
        typealias SideEffect = Never

        static func reduce(_ state: inout State, _ message: Message) { state.count += 1 }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .load: context.run { await $0.dispatch(.loaded) }
            case .loadLatest: context.run(id: "latest", cancelInFlight: true) { await $0.dispatch(.loaded) }
            }
        }
    }

    @Test func workStartedFromManyThreadsEndsWithEveryMessageAppliedAndNoSlotLeft() async {
        let store = Store(Counter(), initialState: .init())
        let threads = 4
        let perThread = 2_000
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        Thread.detachNewThread {
                            for _ in 0..<perThread { store.send(.load) }
                            done.resume()
                        }
                    }
                }
            }
        }
        await store.waitForIdle()
        #expect(store.state.count == threads * perThread)
        #expect(store.runningTaskCount == 0)
    }

    @Test func supersededWorkRacingItsOwnEndLeavesNoSlot() async {
        let store = Store(Counter(), initialState: .init())
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                for _ in 0..<5_000 { store.send(.loadLatest) }
                done.resume()
            }
        }
        await store.waitForIdle()
        #expect(store.runningTaskCount == 0)
        // Latest wins: at least the last one is applied, never more than were started.
        #expect((1...5_000).contains(store.state.count))
    }
}
