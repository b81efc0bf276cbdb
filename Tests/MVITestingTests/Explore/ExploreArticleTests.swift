import MVI
import MVITesting
import Testing

/// The samples of the "Finding bugs with explore" article
/// (`MVITesting.docc/FindingBugsWithExplore.md`), compiled and run, on the cart fixture.
@Suite(.timeLimit(.minutes(5)))
struct ExploreArticleTests {
    @Test func theCartKeepsItsInvariants() async {
        let clock = ExploreClock()
        let report = await explore(
            Cart(clock: clock), initialState: .init(), clock: clock,
            intents: .oneOf(
                Generator.int(in: 1...3).map(Cart.Intent.add),
                Generator.element(of: \.items).map(Cart.Intent.remove),
                .constant(.save)),
            invariants: [
                .state("the total is the sum of the items") { $0.total == $0.items.reduce(0, +) },
                .transition("a save completes only while saving") { before, after in
                    after.saves == before.saves || before.isSaving
                },
            ],
            seed: 7)
        #expect(report.failure == nil, "\(report)")
    }

    /// The failure the article prints: the planted bug's three steps.
    @Test func theArticlesFailure() async throws {
        let clock = ExploreClock()
        let report = await explore(
            Cart(clock: clock, bug: .removesDuplicates), initialState: .init(), clock: clock,
            intents: Cart.intents, invariants: Cart.invariants, seed: 7)
        let failure = try #require(report.failure)
        #expect(
            failure.steps == [
                "send Cart.Intent.add(1) → Cart.Message.added(1)", "send Cart.Intent.add(1) → Cart.Message.added(1)",
                "send Cart.Intent.remove(1) → Cart.Message.removed(1, all: true)",
            ], "\(report)")
    }
}
