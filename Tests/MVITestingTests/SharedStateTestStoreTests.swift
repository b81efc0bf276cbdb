import MVI
import MVIFixtures
import MVITesting
import Testing

/// The test store asserts changes of shared values exhaustively.
@Suite struct SharedStateTestStoreTests {
    @Test func aChangeFromElsewhereMustBeAsserted() async {
        let count = Shared(2)
        let store = TestStore(Counter(), initialState: .init(), sharing: [.init(\.count, count)])
        #expect(store.state.count == 2)
        count.set(5)
        let issues = await failures {
            await store.send(.increment) { $0.count = 6 }
        }
        #expect(issues.all.count == 1)
        #expect(
            issues.all.first?.hasPrefix(
                "1 change of shared values not asserted before sending Counter.Intent.increment") == true)
        #expect(issues.all.first?.contains("+   count: 5,") == true)
    }

    @Test func anAssertedChangePasses() async {
        let count = Shared(0)
        let store = TestStore(Counter(), initialState: .init(), sharing: [.init(\.count, count)])
        let other = Store(Counter(), initialState: .init(), sharing: [.init(\.count, count)])
        other.send(.add(3))
        await store.assert { $0.count = 3 }
        await store.send(.increment) { $0.count = 4 }
        #expect(count.value == 4)
        #expect(other.state.count == 4)
    }

    @Test func aChangeTheFeatureMakesIsAssertedByItsStep() async {
        let count = Shared(0)
        let store = TestStore(Counter(), initialState: .init(), sharing: [.init(\.count, count)])
        await store.send(.increment) { $0.count = 1 }
        #expect(count.value == 1)
    }
}
