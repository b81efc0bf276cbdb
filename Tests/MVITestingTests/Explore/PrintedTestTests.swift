import MVI
import MVITesting
import Testing

/// The test `explore` prints for a failure compiles and runs: the text it prints for the cart's
/// planted bug, and the same text pasted below as code.
@Suite(.timeLimit(.minutes(5)))
struct PrintedTestTests {
    static let printed = """
        let store = TestStore(Cart(clock: clock, bug: .removesDuplicates), initialState: Cart.State())
        store.exhaustivity = .off
        await store.send(Cart.Intent.add(1)) {
            $0.items = [1]
            $0.total = 1
        }
        await store.send(Cart.Intent.add(1)) {
            $0.items = [1, 1]
            $0.total = 2
        }
        await store.send(Cart.Intent.remove(1)) {
            $0.items = []
            $0.total = 1
        }
        // Here "the total is the sum of the items" fails.
        """

    @Test func explorePrintsThisTest() async throws {
        let clock = ExploreClock()
        let report = await explore(
            Cart(clock: clock, bug: .removesDuplicates), initialState: .init(), clock: clock, intents: Cart.intents,
            invariants: Cart.invariants, maxIntents: 6, seed: 7,
            testStore: "TestStore(Cart(clock: clock, bug: .removesDuplicates), initialState: Cart.State())")
        #expect(try #require(report.failure).test == Self.printed)
    }

    /// The printed test, pasted: it passes on the buggy cart, and shows the bug in its last
    /// step (one item of two removed, the total still counting both).
    @Test func thePrintedTestRuns() async {
        let clock = ExploreClock()
        let store = TestStore(Cart(clock: clock, bug: .removesDuplicates), initialState: Cart.State())
        store.exhaustivity = .off
        await store.send(Cart.Intent.add(1)) {
            $0.items = [1]
            $0.total = 1
        }
        await store.send(Cart.Intent.add(1)) {
            $0.items = [1, 1]
            $0.total = 2
        }
        await store.send(Cart.Intent.remove(1)) {
            $0.items = []
            $0.total = 1
        }
        // Here "the total is the sum of the items" fails.
    }
}
