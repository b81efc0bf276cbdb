import Clocks
import MVI
import MVIFixtures
import MVITesting
import Testing

/// The samples of the "Testing a feature" article (`MVITesting.docc/TestingAFeature.md`),
/// compiled and run. Inside `Article`, the article's `Counter` shadows the fixtures' one.
enum Article {
    struct NumbersClient: Sendable {
        var random: @Sendable () async throws -> Int

        static func constant(_ value: Int) -> Self { Self { value } }
    }

    struct Offline: Error {}

    struct Counter: Feature {
        struct State: Equatable, Sendable {
            var count = 0
            var isLoading = false
        }

        enum Intent: Sendable { case increment, loadRandom, save }
        enum Message: Sendable, Equatable { case changed(by: Int), loading(Bool) }
        enum SideEffect: Sendable, Equatable { case close }

        let numbers: NumbersClient  // the app passes the live client, a test a fake

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .changed(let by): state.count += by
            case .loading(let isLoading): state.isLoading = isLoading
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .increment:
                context.dispatch(.changed(by: 1))
            case .loadRandom:
                context.dispatch(.loading(true))
                context.run(id: "load", cancelInFlight: true) { context in
                    await context.dispatch(.changed(by: try await numbers.random()))
                    await context.dispatch(.loading(false))
                }
            case .save:
                context.post(.close)
            }
        }
    }

    @Suite struct Samples {
        @Test func increments() async {
            let store = TestStore(Counter(numbers: .constant(42)), initialState: .init())
            await store.send(.increment) { $0.count = 1 }
            await store.send(.increment) { $0.count = 2 }
        }

        @Test func loadsARandomNumber() async {
            let store = TestStore(Counter(numbers: .constant(42)), initialState: .init())
            await store.send(.loadRandom) { $0.isLoading = true }
            await store.receive(.changed(by: 42)) { $0.count = 42 }
            await store.receive(.loading(false)) { $0.isLoading = false }
            await store.finish()
        }

        @Test func sideEffects() async {
            let store = TestStore(Counter(numbers: .constant(42)), initialState: .init())
            await store.send(.save)
            await store.receive(sideEffect: .close)
        }

        @Test func failingDependency() async {
            let failing = NumbersClient { throw Offline() }
            let store = TestStore(Counter(numbers: failing), initialState: .init())
            await store.send(.loadRandom) { $0.isLoading = true }
            await store.receiveFailure { $0.underlying is Offline }
            await store.finish()
        }

        @Test func nonExhaustive() async {
            let store = TestStore(Counter(numbers: .constant(42)), initialState: .init(), exhaustivity: .off)
            await store.send(.loadRandom)
            await store.receive(.loading(false)) {
                $0.count = 42; $0.isLoading = false
            }
        }

        @Test func failureAsPrinted() async {
            let store = TestStore(Counter(numbers: .constant(42)), initialState: .init())
            let issues = await failures {
                await store.send(.increment) { $0.count = 2 }
            }
            // The article's types live at top level there, in `Article` here.
            #expect(
                issues.all.map { $0.replacing("Article.", with: "") } == [
                    """
                    State after sending Counter.Intent.increment does not match: …

                        Counter.State(
                      -   count: 2,
                      +   count: 1,
                          isLoading: false
                        )

                    (Expected: -, Actual: +)
                    """
                ])
        }

        @Test func forgottenMessagesAsPrinted() async {
            let store = TestStore(Counter(numbers: .constant(42)), initialState: .init())
            await store.send(.loadRandom) { $0.isLoading = true }
            let issues = await failures {
                await store.finish()
            }
            // The article's types live at top level there, in `Article` here.
            #expect(
                issues.all.map { $0.replacing("Article.", with: "") } == [
                    """
                    2 received messages not asserted at finish():

                      • Counter.Message.changed(by: 42)
                      • Counter.Message.loading(false)

                    Assert each with receive(_:) (or receive(where:)), in order.
                    """
                ])
        }

        @Test func searchesOnceTypingPauses() async {
            let clock = TestClock()
            let store = TestStore(Search(clock: clock, search: { ["\($0)ift"] }), initialState: .init())

            await store.send(.queryChanged("s")) { $0.query = "s" }
            await clock.advance(by: .milliseconds(200))
            await store.send(.queryChanged("sw")) { $0.query = "sw" }  // "s" was never searched
            await clock.advance(by: .seconds(1))
            await store.receive(.resultsLoaded(["swift"])) { $0.results = ["swift"] }
            await store.finish()
        }
    }
}
