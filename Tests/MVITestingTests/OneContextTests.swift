import Clocks
import MVI
import MVIFixtures
import MVITesting
import Testing

/// A feature is written once, against `StoreContext` and `WorkContext`, and runs unchanged on
/// a store of its own and as a child: `Search` debounces the same way in both places, and as
/// a child its work is its own and ends with it.
@Suite struct OneContextTests {
    @Test func twoChildrenDebounceApartAndTheirPendingWorkEndsWithThem() async {
        let clock = TestClock()
        let store = TestStore(
            SplitSearch(), initialState: .init(), environment: Fakes(Search.Services(clock: clock, search: { [$0] })))
        await store.send(.left(.queryChanged("a"))) { $0.left?.query = "a" }
        await clock.advance(by: .milliseconds(100))
        // The same id ("search") in the other child: it does not replace the left one's run.
        await store.send(.right(.queryChanged("b"))) { $0.right?.query = "b" }
        await clock.advance(by: .milliseconds(200))
        await store.receive(.left(.resultsLoaded(["a"]))) { $0.left?.results = ["a"] }

        await store.send(.left(.queryChanged("c"))) { $0.left?.query = "c" }
        await store.send(.closeLeft) { $0.left = nil }
        await clock.advance(by: .seconds(1))
        // The left child's pending search went with it; only the right one's arrives.
        await store.receive(.right(.resultsLoaded(["b"]))) { $0.right?.results = ["b"] }
        await store.finish()
    }

    @Test func theSameFeatureDebouncesOnAStoreOfItsOwn() async {
        let clock = TestClock()
        let store = TestStore(Search(clock: clock, search: { [$0] }), initialState: .init())
        await store.send(.queryChanged("a")) { $0.query = "a" }
        await store.send(.queryChanged("ab")) { $0.query = "ab" }
        await clock.advance(by: Search.debounce)
        await store.receive(.resultsLoaded(["ab"])) { $0.results = ["ab"] }
        await store.finish()
    }
}

/// Two searches side by side, the left one closable.
struct SplitSearch: Feature {
    struct State: Equatable, Sendable {
        var left: Search.State? = .init()
        var right: Search.State? = .init()
    }

    enum Intent: Sendable { case left(Search.Intent), right(Search.Intent), closeLeft }
    enum Message: Sendable, Equatable { case left(Search.Message), right(Search.Message), leftClosed }

    static let left = child(Search(), .optional(\.left), intent: Intent.left, message: Message.left)
    static let right = child(Search(), .optional(\.right), intent: Intent.right, message: Message.right)
    static let childScopes: [any ChildScopeRoute<Self>] = [left, right]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .left, .right: break  // the searches': routed by their scopes
        case .leftClosed: state.left = nil
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .left, .right: break  // the searches': routed by their scopes
        case .closeLeft: context.dispatch(.leftClosed)
        }
    }
}
