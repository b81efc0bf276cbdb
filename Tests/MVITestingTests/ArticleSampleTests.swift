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

    struct Meeting: Feature {
        struct State: Equatable, Sendable {
            var secondsElapsed = 0
            var speaker = 0
        }
        enum Intent: Sendable { case start, end }
        enum Message: Sendable, Equatable { case ticked, nextSpeaker }

        let clock: any Clock<Duration>

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .ticked: state.secondsElapsed += 1
            case .nextSpeaker: state.speaker += 1
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .start:
                context.run(id: "timer") { context in
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        await context.dispatch(.ticked)
                    }
                }
                context.run(id: "speakers") { context in
                    while true {
                        try await clock.sleep(for: .milliseconds(2250))
                        await context.dispatch(.nextSpeaker)
                    }
                }
            case .end:
                context.cancel(id: "timer")
                context.cancel(id: "speakers")
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

        @Test func meetingTimer() async {
            let clock = TestClock()
            let store = TestStore(Meeting(clock: clock), initialState: .init())
            await store.send(.start)

            await clock.advance(by: .seconds(1))  // one interval
            await store.receive(.ticked) { $0.secondsElapsed = 1 }

            await clock.advance(by: .seconds(5))  // five intervals at once
            await store.receive(.ticked) { $0.secondsElapsed = 2 }
            await store.receive(.nextSpeaker) { $0.speaker = 1 }  // at 2.25 s
            await store.receive(.ticked) { $0.secondsElapsed = 3 }
            await store.receive(.ticked) { $0.secondsElapsed = 4 }
            await store.receive(.nextSpeaker) { $0.speaker = 2 }  // at 4.5 s
            await store.receive(.ticked) { $0.secondsElapsed = 5 }
            await store.receive(.ticked) { $0.secondsElapsed = 6 }

            await store.send(.end)
            await store.finish()
        }

        @Test func withExhaustivityForABlock() async {
            let store = TestStore(Counter(numbers: .constant(42)), initialState: .init())
            await store.withExhaustivity(.off) {
                await store.send(.loadRandom)
                await store.receive(.loading(false)) { $0.count = 42 }
            }
            await store.send(.increment) { $0.count = 43 }  // exhaustive again
        }

        @Test func showingSkippedAssertions() async {
            let store = TestStore(
                Counter(numbers: .constant(42)), initialState: .init(),
                exhaustivity: .off(showSkippedAssertions: true))
            await store.send(.loadRandom)
            await store.receive(.loading(false)) { $0.count = 42 }
        }

        @Test func stopwatch() async {
            let clock = TestClock()
            let store = TestStore(Stopwatch(clock: clock), initialState: .init())
            await store.send(.start)
            await clock.advance(by: .seconds(2))
            await store.receive(intent: .tick) { $0.seconds = 1 }
            await store.receive(intent: .tick) { $0.seconds = 2 }
            await store.assert { $0.seconds = 2 }
            await store.skipInFlightWork()  // the stopwatch runs on
        }

        @MainActor @Test func onTheMainActor() async {
            let store = TestStore(Counter(numbers: .constant(42)), initialState: .init())
            var expected = 0
            expected += 1
            await store.send(.increment) { $0.count = expected }
        }
    }
}
