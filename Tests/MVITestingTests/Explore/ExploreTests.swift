import Foundation
import MVI
import MVITesting
import Testing

/// `explore` on the cart: invariants that hold, bugs planted in it found and shrunk, the same
/// report for the same seed, and a crash found in a child process.
@Suite(.timeLimit(.minutes(5)))
struct ExploreTests {
    static func explore(_ bug: Cart.Bug?, seed: UInt64 = 7, sequences: Int = 300) async -> ExploreReport {
        let clock = ExploreClock()
        return await MVITesting.explore(
            Cart(clock: clock, bug: bug), initialState: .init(), clock: clock, intents: Cart.intents,
            invariants: Cart.invariants, sequences: sequences, maxIntents: 6, seed: seed,
            testStore: "TestStore(Cart(clock: clock), initialState: Cart.State())")
    }

    @Test func theFixedCartKeepsItsInvariants() async {
        let report = await Self.explore(nil)
        #expect(report.failure == nil, "\(report)")
        #expect(report.sequences == 300)
        #expect(report.intentsSent.keys.sorted() == ["add", "remove", "save"])
        print(report)
    }

    @Test func theSameSeedMakesTheSameSequences() async {
        let first = await Self.explore(nil, seed: 42, sequences: 50)
        let second = await Self.explore(nil, seed: 42, sequences: 50)
        let other = await Self.explore(nil, seed: 43, sequences: 50)
        #expect(first.steps == second.steps)
        #expect(first.intentsSent == second.intentsSent)
        #expect(first.intentsSent != other.intentsSent || first.steps != other.steps)
    }

    @Test func aStateBugIsFoundAndShrunkToItsThreeSteps() async throws {
        let report = await Self.explore(.removesDuplicates)
        let failure = try #require(report.failure)
        #expect(failure.reason == "the total is the sum of the items")
        #expect(failure.stepCount == 3)
        #expect(
            failure.steps.filter { $0.hasPrefix("send") }.map { $0.prefix { $0 != "→" } } == [
                "send Cart.Intent.add(1) ", "send Cart.Intent.add(1) ", "send Cart.Intent.remove(1) ",
            ])
        #expect(failure.test.contains("await store.send(Cart.Intent.remove(1))"))
        // The choices replay the failure exactly.
        let clock = ExploreClock()
        let replayed = await MVITesting.explore(
            Cart(clock: clock, bug: .removesDuplicates), initialState: .init(), clock: clock, intents: Cart.intents,
            invariants: Cart.invariants, maxIntents: 6, seed: report.seed, replaying: failure.choices)
        #expect(replayed.failure?.steps == failure.steps)
    }

    @Test func anInterleavingBugIsFoundWithTheClockAndTheWork() async throws {
        let report = await Self.explore(.savesTwice)
        let failure = try #require(report.failure)
        #expect(failure.reason == "a save completes only while saving")
        #expect(failure.stepCount == 3, "\(report)")
        #expect(failure.test.contains("await clock.advance(by: .seconds(1))"))
        let path = try #require(failure.recordingPath)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aTrapInTheFeatureIsAFailureFoundInAChildProcess() async throws {
        let report = await Self.explore(.trapsAtThreeItems, sequences: 100)
        let failure = try #require(report.failure, "\(report)")
        #expect(failure.reason.hasPrefix("crash"), "\(report)")
        #expect(failure.stepCount == 3, "\(report)")
        #expect(failure.steps.last?.hasPrefix("send Cart.Intent.add(1)") == true, "\(report)")
    }
}
