import Foundation
import MVI
import MVIFixtures
import Testing

/// A reducer that breaks the rules gets a clear answer, never a deadlock, and a slow reducer
/// never holds up senders on other threads.
@Suite(.timeLimit(.minutes(5))) struct ReducerMisuseTests {
    /// A feature whose reducer reaches the store through a global (which it must not).
    struct Impure: Feature {
        struct State: Sendable { var count = 0 }
        enum Intent: Sendable { case bump, readInReduce }
        enum Message: Sendable { case bump, readStore }

        static let store = Locked<Store<Impure>?>(nil)

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .bump:
                state.count += 1
                // An intent sent from inside reduce: queued behind this one, and reported.
                if state.count == 1 { store.withLock { $0 }?.send(.bump) }
            case .readStore:
                _ = store.withLock { $0 }?.state
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .bump: context.dispatch(.bump)
            case .readInReduce: context.dispatch(.readStore)
            }
        }
    }

    @Test func anIntentSentFromReduceIsQueuedAndReported() {
        let errors = Collected<StoreError>()
        let store = Store(Impure(), initialState: .init(), onError: StoreErrorHandler { errors.append($0) })
        Impure.store.withLock { $0 = store }
        defer { Impure.store.withLock { $0 = nil } }
        store.send(.bump)
        #expect(store.state.count == 2)
        #expect(errors.values.map { $0.underlying as? StoreMisuse } == [.sendDuringReduce])
    }

    @Test func readingTheStoreFromReduceStopsWithAMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let store = Store(ReducerMisuseTests.Impure(), initialState: .init())
            ReducerMisuseTests.Impure.store.withLock { $0 = store }
            store.send(.readInReduce)
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Store.state was read from inside reduce"))
        }
    }

    /// A reducer that blocks until it is let go.
    struct Slow: Feature {
        struct State: Sendable { var count = 0 }
        enum Intent: Sendable { case slow, quick }
        enum Message: Sendable { case slow, quick }

        static let entered = DispatchSemaphore(value: 0)
        static let release = DispatchSemaphore(value: 0)

        static func reduce(_ state: inout State, _ message: Message) {
            if case .slow = message {
                entered.signal()
                release.wait()
            }
            state.count += 1
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            context.dispatch(intent == .slow ? .slow : .quick)
        }
    }

    @Test func aSendNeverWaitsForAReduceOnAnotherThread() {
        let store = Store(Slow(), initialState: .init())
        Thread.detachNewThread { store.send(.slow) }
        Slow.entered.wait()
        let returned = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            store.send(.quick)  // queued: must not wait for the reducer running elsewhere
            returned.signal()
        }
        // A hang guard, not a timing assert: the old store returned only after the release.
        let result = returned.wait(timeout: .now() + 30)
        Slow.release.signal()
        #expect(result == .success)
    }
}
