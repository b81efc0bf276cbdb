import MVI
import MVIFixtures
import MVITesting
import Testing

@Suite struct SendTests {
    @Test func sendAssertsTheStateChange() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.increment) { $0.count = 1 }
        await store.send(.add(5)) { $0.count += 5 }
        #expect(store.state.count == 6)
    }

    @Test func sendAssertsAllSynchronousMessagesTogether() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.dispatchTwice) { $0.count = 2 }
    }

    @Test func sendWithoutClosureAssertsNoChange() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.noop)
    }

    @Test func wrongExpectationFailsWithADiff() async {
        let store = TestStore(Counter(), initialState: .init())
        let issues = await failures {
            await store.send(.increment) { $0.count = 2 }
        }
        #expect(
            issues.all == [
                """
                State after sending Counter.Intent.increment does not match: …

                    Counter.State(
                  -   count: 2,
                  +   count: 1,
                      isLoading: false,
                      title: "Counter"
                    )

                (Expected: -, Actual: +)
                """
            ])
    }

    @Test func failurePointsAtTheAssertion() async {
        let store = TestStore(Counter(), initialState: .init())
        let line = #line + 2
        let issues = await failures {
            await store.send(.increment) { $0.count = 7 }
        }
        #expect(issues.sourceLines == [line])
    }

    @Test func unexpectedChangeWithoutClosureFails() async {
        let store = TestStore(Counter(), initialState: .init())
        let issues = await failures {
            await store.send(.rename("Total"))
        }
        #expect(issues.all.count == 1)
        #expect(issues.all[0].contains("State after sending Counter.Intent.rename(\"Total\") does not match"))
        #expect(issues.all[0].contains("-   title: \"Counter\""))
        #expect(issues.all[0].contains("+   title: \"Total\""))
    }

    @Test func throwingAssertionFails() async {
        struct Unreachable: Error {}
        let store = TestStore(Counter(), initialState: .init())
        let issues = await failures {
            await store.send(.increment) { _ in throw Unreachable() }
        }
        #expect(issues.all == ["The assertion closure threw: Unreachable()"])
    }

    @Test func intentsSentByTheFeatureAreReceived() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.sendIncrements(2))
        await store.receive(.changed(by: 1)) { $0.count = 1 }
        await store.receive(.changed(by: 1)) { $0.count = 2 }
    }

    @Test func sendingWithUnassertedMessagesFails() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.sendIncrements(1))
        let issues = await failures {
            await store.send(.increment) { $0.count = 2 }
        }
        #expect(
            issues.all == [
                """
                1 received message not asserted before sending Counter.Intent.increment:

                  • Counter.Message.changed(by: 1)

                Assert each with receive(_:) (or receive(where:)), in order.
                """
            ])
    }

    @Test func bootstrapMessagesAreReceived() async {
        let store = TestStore(Counter(loadsOnStart: true), initialState: .init())
        await store.receive(.loading(true)) { $0.isLoading = true }
    }

    @Test func unassertedBootstrapFailsAtTheEnd() async {
        await failures {
            let store = TestStore(Counter(loadsOnStart: true), initialState: .init())
            _ = store.state
        }
    }

    /// The synchronous part of an intent is told apart from its async work exactly, even when
    /// the work dispatches at once, on another thread, while the intent still runs.
    @Test func sendSeparatesSynchronousFromAsyncWorkUnderStress() async {
        for amount in 1...300 {
            let store = TestStore(Counter(), initialState: .init())
            await store.send(.loadLater(amount)) { $0.isLoading = true }
            await store.receive(.changed(by: amount)) { $0.count = amount }
            await store.receive(.loading(false)) { $0.isLoading = false }
            await store.finish()
        }
    }
}
