import MVI
import MVIFixtures
import Observation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ObservableStoreTests {
    @Test func observationFiresWhenTheStoreChanges() async {
        let model = ObservableStore(Store(Counter(), initialState: .init()))
        #expect(model.state.count == 0)
        let changed = Gate<Void>()
        withObservationTracking {
            _ = model.state
        } onChange: {
            changed.open(())
        }
        model.send(.increment)
        await changed.wait()
        while model.state.count != 1 { await Task.yield() }
        #expect(model.state.count == 1)
    }

    @Test func dispatcherSendsToTheStore() async {
        let model = ObservableStore(Store(Counter(), initialState: .init()))
        let dispatch = model.dispatcher
        dispatch(.add(3))
        #expect(model.store.state.count == 3)
        while model.state.count != 3 { await Task.yield() }
    }
}
