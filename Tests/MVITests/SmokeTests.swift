import MVI
import Testing

@Suite struct SmokeTests {
    @Test func sendReducesAndPublishesBeforeReturning() {
        let store = Store(Counter(), initialState: .init())
        let seen = Recorder<Int>()
        let subscription = store.subscribe { seen.append($0.count) }
        store.send(.increment)
        store.send(.add(5))
        #expect(store.state.count == 6)
        #expect(seen.values == [0, 1, 6])
        subscription.cancel()
    }

    @Test func asyncWorkDispatchesBack() async {
        let store = Store(Counter(), initialState: .init())
        store.send(.loadLater(41))
        await store.waitForIdle()
        #expect(store.state == .init(count: 41, isLoading: false))
    }
}
