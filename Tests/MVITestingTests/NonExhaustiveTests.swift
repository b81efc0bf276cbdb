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
