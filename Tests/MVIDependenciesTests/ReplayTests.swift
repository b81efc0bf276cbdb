import Dependencies
import MVI
import MVIDependencies
import MVITimeTravel
import Testing

/// Time travel's "replay one event" runs a recorded intent again on a throwaway store: with the
/// recorded store's dependencies, so the replay does what the recorded intent did.
@Suite struct ReplayTests {
    @Test func replayingAnIntentUsesTheStoresDependencies() throws {
        let timeTravel = TimeTravel()
        let store = Store(
            Lobby(), initialState: .init(greeter: .init()), name: "Lobby",
            middleware: [try timeTravel.register("Lobby")],
            environment: .dependencies { $0.greeting = "from the store" })
        timeTravel.startRecording()
        store.send(.greeter(.greet))
        #expect(store.state.greeter?.said == ["from the store"])

        let intent = try #require(timeTravel.events.first { $0.kind == .intent })
        let replayed = try timeTravel.replay(intent)
        #expect(replayed.messages.count == 1)
        #expect(replayed.messages.allSatisfy { $0.contains(#""from the store""#) })
    }
}
