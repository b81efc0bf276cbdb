import MVI
import MVIFixtures
import Testing

@Suite(.timeLimit(.minutes(5))) struct HooksTests {
    @Test func heldInputWaitsAndResumesInOrder() async {
        let store = Store(Counter(), initialState: .init())
        let seen = Collected<Int>()
        let subscription = store.subscribe { seen.append($0.count) }
        store.send(.increment)
        let hooks = store.hooks
        hooks.holdInput()
        #expect(hooks.isHoldingInput)
        store.send(.add(10))
        store.send(.add(100))
        #expect(store.state.count == 1, "held input is not applied")
        hooks.show(.init(count: 42))
        #expect(store.state.count == 42)
        hooks.show(.init(count: 7))
        hooks.resumeInput()  // the store's own state (1) comes back, then held input applies
        #expect(store.state.count == 111)
        #expect(seen.values == [0, 1, 42, 7, 1, 11, 111])
        subscription.cancel()
    }

    @Test func asyncWorkWaitsWhileInputIsHeld() async {
        let gate = Gate<Int>()
        let store = Store(Counter(numbers: { _ in await gate.wait() }), initialState: .init())
        store.send(.loadLater(0))
        store.hooks.holdInput()
        gate.open(7)
        // The work's dispatch is held, so the work cannot finish until input resumes.
        while store.hooks.heldInputCount < 1 { await Task.yield() }
        #expect(store.state.count == 0)
        #expect(store.runningTaskCount == 1)
        store.hooks.resumeInput()
        await store.waitForIdle()
        #expect(store.state.count == 7)
    }

    @Test func hooksOnAReleasedStoreDoNothing() {
        var store: Store<Counter>? = Store(Counter(), initialState: .init(), name: "Gone")
        let hooks = store!.hooks  // just created above
        #expect(hooks.storeName == "Gone")
        #expect(hooks.isAlive)
        store = nil
        #expect(hooks.storeName == nil)
        #expect(!hooks.isAlive)
        hooks.holdInput()
        hooks.show(.init())
        hooks.resumeInput()
        #expect(hooks.state == nil)
    }
}
