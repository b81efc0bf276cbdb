import Foundation
import MVI
import MVIFixtures
import Synchronization
import Testing

/// `pendingInputCount` read continuously while eight threads send (issue 48): every read is
/// a count that could be true at that moment, nothing sent is lost, and the count ends at
/// zero. How much the reads slow the senders is a timing, measured by the benchmarks
/// (`mvi-bench --scenario concurrent-send-8-read`), not asserted here.
@Suite(.serialized, .timeLimit(.minutes(10))) struct PendingInputCountStressTests {
    struct Tally: Feature {
        struct State: Sendable, Equatable { var count = 0 }
        enum Intent: Sendable { case add }
        typealias Message = Intent
        typealias SideEffect = Never

        static func reduce(_ state: inout State, _ message: Intent) { state.count += 1 }
        func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
    }

    /// What the threads share: atomics, in an object the threads' closures can capture.
    final class Progress: Sendable {
        /// Sends begun: a count read after it can never exceed it.
        let sent = Atomic<Int>(0)
        let sendersDone = Atomic<Int>(0)
        let reads = Atomic<Int>(0)
    }

    @Test func readingThePendingCountWhileEightThreadsSendLosesNothingAndReadsOnlyPossibleCounts() async {
        let threads = 8
        let sendsPerThread = 20_000
        let store = Store(Tally(), initialState: .init())
        let progress = Progress()
        let impossible = Collected<String>()
        let finished = (0...threads).map { _ in Gate<Void>() }
        for index in 0..<threads {
            Thread.detachNewThread {
                for _ in 0..<sendsPerThread {
                    progress.sent.add(1, ordering: .sequentiallyConsistent)
                    store.send(.add)
                }
                progress.sendersDone.add(1, ordering: .sequentiallyConsistent)
                finished[index].open(())
            }
        }
        Thread.detachNewThread {  // the reader, on a thread of its own
            repeat {
                let pending = store.pendingInputCount
                let begun = progress.sent.load(ordering: .sequentiallyConsistent)
                if pending < 0 || pending > begun { impossible.append("\(pending) pending after \(begun) sends") }
                progress.reads.add(1, ordering: .relaxed)
            } while progress.sendersDone.load(ordering: .sequentiallyConsistent) < threads
            finished[threads].open(())
        }
        for gate in finished { await gate.wait() }
        await store.waitForIdle()
        #expect(impossible.values.isEmpty, "\(impossible.values.prefix(5))")
        #expect(progress.reads.load(ordering: .relaxed) > 0)
        #expect(store.state.count == threads * sendsPerThread)
        #expect(store.pendingInputCount == 0)
    }
}
