import Clocks
import MVI
import MVIFixtures
import MVITesting
import Testing

@Suite struct NonExhaustiveTests {
    @Test func sendChecksOnlyWhatTheClosureSets() async {
        let store = TestStore(Counter(), initialState: .init(), exhaustivity: .off)
        await store.send(.rename("Total"))
        await store.send(.add(2)) { $0.count = 2 }
    }

    @Test func wrongValueStillFails() async {
        let store = TestStore(Counter(), initialState: .init(), exhaustivity: .off)
        let issues = await failures {
            await store.send(.add(2)) { $0.count = 3 }
        }
        #expect(issues.all.count == 1)
        #expect(issues.all[0].contains("-   count: 3,"))
    }

    @Test func receiveSkipsToTheFirstMatch() async {
        let store = TestStore(Counter(), initialState: .init(), exhaustivity: .off)
        await store.send(.loadLater(5))
        await store.receive(.loading(false)) {
            $0.count = 5; $0.isLoading = false
        }
        await store.send(.notify("a"))
        await store.send(.notify("b"))
        await store.receive(sideEffect: .said("b"))
    }

    @Test func receiveStillFailsWhenNothingMatches() async {
        let store = TestStore(Counter(), initialState: .init(), exhaustivity: .off)
        await store.send(.notify("a"))
        let issues = await failures {
            await store.receive(sideEffect: .said("z"), timeout: .milliseconds(100))
        }
        #expect(issues.all.first?.contains("but no matching side effect was posted") == true)
    }

    @Test func leftoversAndRunningWorkAreAllowed() async {
        let store = TestStore(Counter(), initialState: .init(), exhaustivity: .off)
        await store.send(.wait)
        await store.send(.sendIncrements(3))
        await store.send(.notify("ignored"))
    }

    @Test func exhaustivityCanChangeMidTest() async {
        let store = TestStore(Counter(), initialState: .init())
        store.exhaustivity = .off
        await store.send(.sendIncrements(2))
        store.exhaustivity = .on
        await store.skipReceived()
        await store.send(.increment) { $0.count = 3 }
    }
}

/// What a TCA user reaches for in a non-exhaustive test (issue 29).
@Suite struct SkippingTests {
    @Test func withExhaustivityOffForABlockThenExhaustiveAgain() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.withExhaustivity(.off) {
            await store.send(.loadLater(5))
            await store.receive(.loading(false)) { $0.count = 5 }
            await store.send(.sendIncrements(2))  // received, never asserted: forgotten
        }
        #expect(store.exhaustivity == .on)
        await store.send(.increment) { $0.count = 8 }
        await store.finish()
    }

    @Test func leftoversOfANonExhaustiveStretchAreNotReportedWhenExhaustiveAgain() async {
        // Before, switching off and on again reported at finish() what arrived meanwhile.
        let store = TestStore(Counter(), initialState: .init())
        store.exhaustivity = .off
        await store.send(.sendIncrements(2))
        await store.send(.notify("skipped"))
        store.exhaustivity = .on
        await store.send(.increment) { $0.count = 3 }
        await store.finish()
    }

    /// Skipped assertions are shown as known issues: this test passes, and its report lists
    /// the state fields, messages and side effects it did not assert.
    @Test func showSkippedAssertionsShowsKnownIssuesNotFailures() async {
        let store = TestStore(Counter(), initialState: .init(), exhaustivity: .off(showSkippedAssertions: true))
        await store.send(.rename("Total"))
        await store.send(.loadLater(5)) { $0.isLoading = true }
        await store.receive(.loading(false)) { $0.isLoading = false }
        await store.send(.notify("a"))
        await store.finish()
    }

    @Test func showSkippedAssertionsSaysWhatWasSkipped() async {
        let store = TestStore(Counter(), initialState: .init(), exhaustivity: .off(showSkippedAssertions: true))
        let issues = await failures {
            await store.send(.loadLater(5))
            await store.receive(.loading(false)) { $0.isLoading = false }
        }
        #expect(issues.all.count == 2)
        #expect(issues.all.first?.hasPrefix("Skipped assertions of the state after sending") == true)
        #expect(issues.all.first?.contains("+   isLoading: true") == true)
        #expect(issues.all.last?.hasPrefix("Skipped 1 received message before receiving") == true)
        #expect(issues.all.last?.contains("Counter.Message.changed(by: 5)") == true)
    }

    @Test func skipInFlightWorkLetsTheTestEndWithWorkRunning() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.wait)
        await store.skipInFlightWork()
        await store.send(.increment) { $0.count = 1 }
        await store.finish()
    }

    @Test func workStartedAfterSkippingIsAwaited() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.wait)
        await store.skipInFlightWork()
        await store.send(.search("abc"))
        await store.receive(.changed(by: 3)) { $0.count = 3 }
        await store.finish()
    }

    @Test func assertChecksTheStateWithoutSending() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.add(2)) { $0.count = 2 }
        await store.assert { $0.count = 2 }
        let issues = await failures {
            await store.assert { $0.count = 3 }
        }
        #expect(issues.all.first?.hasPrefix("The state does not match") == true)
    }

    @Test func assertAfterANonExhaustiveStretch() async {
        let store = TestStore(Counter(), initialState: .init(), exhaustivity: .off)
        await store.send(.sendIncrements(3))
        await store.assert { $0.count = 3 }
    }

    @Test func receiveACaseOfAMessageThatIsNotEquatable() async {
        let store = TestStore(Loader(), initialState: .init())
        await store.send(.load(7))
        await store.receive(Loader.Message.loaded) { $0.value = 7 }
        await store.send(.load(8))
        await store.receive(Loader.Message.loaded, 8) { $0.value = 8 }
        await store.send(.fail)
        await store.receive(Loader.Message.failed) { $0.failed = true }
        await store.finish()
    }

    @Test func aCaseThatDoesNotMatchFails() async {
        let store = TestStore(Loader(), initialState: .init())
        await store.send(.load(7))
        let issues = await failures {
            await store.receive(Loader.Message.failed)
        }
        #expect(issues.all.first?.hasPrefix("Received a message that is not of the case") == true)
        let valueIssues = await failures {
            await store.send(.load(9))
            await store.receive(Loader.Message.loaded, 10) { $0.value = 9 }
        }
        #expect(valueIssues.all.first?.hasPrefix("Received a message whose value does not match") == true)
    }

    @Test func intentsSentByAsyncWorkAreReceived() async {
        let clock = TestClock()
        let store = TestStore(Stopwatch(clock: clock), initialState: .init())
        await store.send(.start)
        await clock.advance(by: .seconds(3))
        await store.receive(intent: .tick) { $0.seconds = 1 }
        await store.receive(intent: .tick) { $0.seconds = 2 }
        // Receiving the messages instead is just as good.
        await store.receive(.ticked) { $0.seconds = 3 }
        await store.send(.stop)
        await store.finish()
    }

    @Test func aWrongReceivedIntentFails() async {
        let clock = TestClock()
        let store = TestStore(Stopwatch(clock: clock), initialState: .init())
        await store.send(.start)
        await clock.advance(by: .seconds(1))
        let issues = await failures {
            await store.receive(intent: .stop)
        }
        #expect(issues.all.first?.hasPrefix("Received an intent that does not match") == true)
        await store.skipReceived()
        await store.send(.stop)
        await store.finish()
    }
}

/// A feature whose message is not `Equatable` (it carries an error).
struct Loader: Feature {
    struct State: Equatable, Sendable {
        var value = 0
        var failed = false
    }

    enum Intent: Sendable { case load(Int), fail }
    enum Message: Sendable {
        case loaded(Int)
        case failed(any Error)
    }

    struct Offline: Error {}

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .loaded(let value): state.value = value
        case .failed: state.failed = true
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .load(let value):
            context.run { context in await context.dispatch(.loaded(value)) }
        case .fail:
            context.run { context in await context.dispatch(.failed(Offline())) }
        }
    }
}
