import Foundation
import MVIFixtures
import Synchronization
import Testing

@testable import MVI

/// A lone sender claims the store with one compare-and-swap, without the scheduler's lock
/// (`StoreScheduler.uncontendedClaim`, issue 48). Stressed here: threads send while others
/// subscribe, cancel and read the store (transitions that take the claim word into the
/// machine), and executes send again from inside. The scheduling rules must hold all the
/// same: never two executes at once, each sender's intents in its order, a send from inside
/// `execute` run after it, nothing lost; and once the store is idle again, the claim word
/// says so, so that the next lone sender takes the fast path.
@Suite(.serialized, .timeLimit(.minutes(10))) struct UncontendedClaimStressTests {
    static let senders = 4

    struct Ordered: Feature {
        struct State: Sendable, Equatable {
            var count = 0
            /// Bumped by every message: what an observer must see strictly increase.
            var version = 0
            var next = [Int](repeating: 0, count: UncontendedClaimStressTests.senders)
            var misordered = 0
            /// Sends from inside `execute` not run yet; below zero if one ran before its sender.
            var bounces = 0
            var strayBounces = 0
        }
        enum Intent: Sendable {
            case from(sender: Int, index: Int)
            case bounce
        }
        enum Message: Sendable {
            case from(sender: Int, index: Int)
            case bounceSent
            case bounced
        }
        typealias SideEffect = Never

        /// How many executes run right now, and how often more than one did.
        static let executing = Atomic<Int>(0)
        static let overlaps = Atomic<Int>(0)

        static func reduce(_ state: inout State, _ message: Message) {
            state.version += 1
            switch message {
            case .from(let sender, let index):
                if state.next[sender] != index { state.misordered += 1 }
                state.next[sender] = index + 1
                state.count += 1
            case .bounceSent:
                state.bounces += 1
            case .bounced:
                state.bounces -= 1
                if state.bounces < 0 { state.strayBounces += 1 }
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            if Self.executing.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                Self.overlaps.add(1, ordering: .relaxed)
            }
            switch intent {
            case .from(let sender, let index):
                context.dispatch(.from(sender: sender, index: index))
                if index % 16 == 0 {
                    context.dispatch(.bounceSent)
                    context.send(.bounce)  // queued: runs after this execute returns
                }
            case .bounce:
                context.dispatch(.bounced)
            }
            Self.executing.subtract(1, ordering: .acquiringAndReleasing)
        }
    }

    /// The last version an observer saw (observers are called one at a time).
    final class Seen: Sendable {
        let last = Atomic<Int>(-1)
    }

    final class Progress: Sendable {
        let sendersDone = Atomic<Int>(0)
        let notIncreasing = Atomic<Int>(0)
        let interferences = Atomic<Int>(0)
    }

    @Test func sendersThatRaceTransitionsKeepTheSchedulingRules() async {
        let sendsPerThread = 10_000
        let store = Store(Ordered(), initialState: .init())
        let progress = Progress()
        let finished = (0...Self.senders).map { _ in Gate<Void>() }
        for sender in 0..<Self.senders {
            Thread.detachNewThread {
                for index in 0..<sendsPerThread { store.send(.from(sender: sender, index: index)) }
                progress.sendersDone.add(1, ordering: .sequentiallyConsistent)
                finished[sender].open(())
            }
        }
        Thread.detachNewThread {  // transitions that take the claim into the machine, all along
            repeat {
                let seen = Seen()
                let subscription = store.subscribe { state in
                    if seen.last.exchange(state.version, ordering: .relaxed) >= state.version {
                        progress.notIncreasing.add(1, ordering: .relaxed)
                    }
                }
                _ = store.pendingInputCount
                _ = store.state
                subscription.cancel()
                progress.interferences.add(1, ordering: .relaxed)
            } while progress.sendersDone.load(ordering: .sequentiallyConsistent) < Self.senders
            finished[Self.senders].open(())
        }
        for gate in finished { await gate.wait() }
        await store.waitForIdle()
        let state = store.state
        #expect(Ordered.overlaps.load(ordering: .relaxed) == 0)
        #expect(state.count == Self.senders * sendsPerThread)
        #expect(state.misordered == 0)
        #expect(state.bounces == 0)
        #expect(state.strayBounces == 0)
        #expect(progress.notIncreasing.load(ordering: .relaxed) == 0)
        #expect(progress.interferences.load(ordering: .relaxed) > 0)
        #expect(store.pendingInputCount == 0)
        // Idle again: the next lone sender claims without the lock.
        store.send(.from(sender: 0, index: sendsPerThread))
        #expect(store.core.uncontendedClaim.load(ordering: .relaxed) == UncontendedClaim.idle)
        #expect(store.state.misordered == 0)
    }

    @Test func aLoneSenderAfterATransitionOnAnIdleStoreStillRunsAtOnce() {
        let store = Store(Ordered(), initialState: .init())
        store.send(.from(sender: 0, index: 0))
        #expect(store.core.uncontendedClaim.load(ordering: .relaxed) == UncontendedClaim.idle)
        // A subscription goes through the machine (the claim word is taken into it); the
        // send after it still runs at once, through the machine, and gives the word back.
        let subscription = store.subscribe { _ in }
        store.send(.from(sender: 0, index: 1))
        #expect(store.state.count == 2)
        #expect(store.core.uncontendedClaim.load(ordering: .relaxed) == UncontendedClaim.idle)
        subscription.cancel()
        store.cancel()
        store.send(.from(sender: 0, index: 2))  // a cancelled store: the word never says idle again
        #expect(store.core.uncontendedClaim.load(ordering: .relaxed) == UncontendedClaim.locked)
        #expect(store.state.count == 2)
    }
}
