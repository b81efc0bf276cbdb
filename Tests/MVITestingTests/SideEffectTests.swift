import MVI
import MVIFixtures
import MVITesting
import Testing

@Suite struct SideEffectTests {
    @Test func sideEffectsAreAssertedInOrder() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.notify("one"))
        await store.receive(sideEffect: .said("one"))
        await store.send(.notifyNowAndLater("two", "three"))
        await store.receive(sideEffect: .said("two"))
        await store.receive(sideEffect: .said("three"))
        await store.finish()
    }

    @Test func messagesAndSideEffectsOfTheSameWork() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.loadAndNotify(2))
        await store.receive(.changed(by: 2)) { $0.count = 2 }
        await store.receive(sideEffect: .said("loaded"))
        await store.finish()
    }

    @Test func wrongSideEffectFailsWithADiff() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.notify("hello"))
        let issues = await failures {
            await store.receive(sideEffect: .said("goodbye"))
        }
        #expect(
            issues.all == [
                """
                Received a side effect that does not match: …

                  - Counter.SideEffect.said("goodbye")
                  + Counter.SideEffect.said("hello")

                (Expected: -, Actual: +)
                """
            ])
    }

    @Test func sideEffectWhere() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.notify("hello"))
        await store.receive(sideEffectWhere: { if case .said(let text) = $0 { text.hasPrefix("he") } else { false } })
        await store.send(.notify("x"))
        let issues = await failures {
            await store.receive(sideEffectWhere: { _ in false })
        }
        #expect(issues.all.first?.hasPrefix("Received a side effect that does not match the predicate:") == true)
    }

    @Test func missingSideEffectTimesOut() async {
        let store = TestStore(Counter(), initialState: .init())
        let issues = await failures {
            await store.receive(sideEffect: .said("never"), timeout: .milliseconds(100))
        }
        #expect(
            issues.all == [
                """
                Expected to receive Counter.SideEffect.said("never") within 100 milliseconds, but no \
                side effect was posted. No async work is running.
                """
            ])
    }

    @Test func unassertedSideEffectFailsAtFinish() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.notify("forgotten"))
        let issues = await failures {
            await store.finish()
        }
        #expect(
            issues.all == [
                """
                1 side effect not asserted at finish():

                  • Counter.SideEffect.said("forgotten")

                Assert each with receive(sideEffect:) (or receive(sideEffectWhere:)), in order.
                """
            ])
    }
}
