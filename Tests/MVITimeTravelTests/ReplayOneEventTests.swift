import Foundation
import MVI
import MVIFixtures
import MVITimeTravel
import Testing

/// `TimeTravel.replay(_:)`: one recorded event run again, MVIKotlin's `debugEvent`.
@Suite struct ReplayOneEventTests {
    @Test func aMessageIsReducedAgainFromTheStateBeforeIt() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        store.send(.add(1))
        store.send(.add(2))
        let message = try #require(timeTravel.events.first { $0.sequence == 5 })  // added(2)
        #expect(message.kind == .message)
        let result = try timeTravel.replay(message)
        #expect(result.stateBefore == String(describing: Counter.State(count: 1, log: [1])))
        #expect(result.messages == ["added(2)"])
        #expect(result.stateAfter == String(describing: Counter.State(count: 3, log: [1, 2])))
        #expect(result.recordedStateAfter == result.stateAfter)
        #expect(store.state.count == 3)  // the store itself is untouched
    }

    @Test func anIntentIsExecutedAgainAwayFromTheStore() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        let seen = Collected<Int>()
        let subscription = store.subscribe { state in seen.append(state.count) }
        timeTravel.startRecording()
        store.send(.add(5))
        store.send(.notify("hi"))
        let intent = try #require(timeTravel.events.first { $0.kind == .intent })
        let result = try timeTravel.replay(intent)
        #expect(result.stateBefore == String(describing: Counter.State()))
        #expect(result.messages == ["added(5)"])
        #expect(result.sideEffects.isEmpty)
        #expect(result.stateAfter == String(describing: Counter.State(count: 5, log: [5])))

        let notify = try #require(timeTravel.events.last { $0.kind == .intent })
        let posted = try timeTravel.replay(notify)
        #expect(posted.messages.isEmpty)
        #expect(posted.sideEffects == [#"said("hi")"#])
        // Nothing reached the store, its observers or the recording.
        #expect(store.state.count == 5)
        #expect(seen.values == [0, 5])
        #expect(timeTravel.eventCount == 5)
        subscription.cancel()
    }

    @Test func asyncWorkOfAReplayedIntentIsCancelled() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        store.send(.addLater(4))
        let intent = try #require(timeTravel.events.first { $0.kind == .intent })
        let result = try timeTravel.replay(intent)
        #expect(result.messages.isEmpty)
        #expect(result.stateAfter == String(describing: Counter.State()))
    }

    @Test func outputsUnknownEventsAndImportsCannotBeReplayed() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        store.send(.add(1))
        store.send(.notify("x"))
        let events = timeTravel.events
        let state = try #require(events.first { $0.kind == .state })
        let sideEffect = try #require(events.first { $0.kind == .sideEffect })
        #expect(throws: TimeTravelDebugError.notReplayable(.state)) { try timeTravel.replay(state) }
        #expect(throws: TimeTravelDebugError.notReplayable(.sideEffect)) { try timeTravel.replay(sideEffect) }
        let gone = TimeTravelEvent(sequence: 99, storeName: "Counter", kind: .intent, time: Date(), description: "")
        #expect(throws: TimeTravelDebugError.eventNotKept(sequence: 99)) { try timeTravel.replay(gone) }

        let imported = TimeTravel()
        try imported.import(try recordedExport())
        let intent = try #require(imported.events.first { $0.kind == .intent })
        #expect(throws: TimeTravelDebugError.storeUnavailable("Counter")) { try imported.replay(intent) }
    }
}
