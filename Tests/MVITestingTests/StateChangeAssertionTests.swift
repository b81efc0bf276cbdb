import MVI
import MVIFixtures
import MVITesting
import Testing

/// A closure given to `send` or `receive` asserts a change: when the state did not change,
/// the test fails, as TCA's test store does.
@Suite struct StateChangeAssertionTests {
    @Test func sendWithAClosureFailsWhenTheStateDidNotChange() async {
        let store = TestStore(Counter(), initialState: .init())
        let issues = await failures {
            await store.send(.noop) { $0.count = 0 }
        }
        #expect(
            issues.all == [
                """
                Expected the state to change after sending Counter.Intent.noop, but it did not.

                The closure makes no change to the state; if the intent is not meant to change it, \
                omit the closure.
                """
            ])
    }

    @Test func sendWithAClosureThatChangesNothingFails() async {
        let store = TestStore(Counter(), initialState: .init())
        let issues = await failures {
            await store.send(.noop) { _ in }
        }
        #expect(issues.all.count == 1)
        #expect(issues.all.first?.hasPrefix("Expected the state to change after sending Counter.Intent.noop") == true)
    }

    @Test func receiveWithAClosureFailsWhenTheStateDidNotChange() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.loadLater(0)) { $0.isLoading = true }
        let issues = await failures {
            await store.receive(.changed(by: 0)) { $0.count = 0 }
        }
        #expect(
            issues.all == [
                """
                Expected the state to change after receiving Counter.Message.changed(by: 0), but it \
                did not.

                The closure makes no change to the state; if the message is not meant to change it, \
                omit the closure.
                """
            ])
        await store.receive(.loading(false)) { $0.isLoading = false }
        await store.finish()
    }

    @Test func withoutAClosureAnUnchangedStatePasses() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.noop)
        await store.send(.loadLater(0)) { $0.isLoading = true }
        await store.receive(.changed(by: 0))
        await store.receive(.loading(false)) { $0.isLoading = false }
        await store.finish()
    }

    @Test func aClosureThatExpectsTheWrongChangeShowsTheDiffOnly() async {
        let store = TestStore(Counter(), initialState: .init())
        let issues = await failures {
            await store.send(.noop) { $0.count = 1 }
        }
        #expect(issues.all.count == 1)
        #expect(issues.all.first?.hasPrefix("State after sending Counter.Intent.noop does not match") == true)
    }

    @Test func nonExhaustiveClosuresAssertValuesNotChanges() async {
        let store = TestStore(Counter(), initialState: .init(), exhaustivity: .off)
        await store.send(.noop) { $0.count = 0 }
    }
}
