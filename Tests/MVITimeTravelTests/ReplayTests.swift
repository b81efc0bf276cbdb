import Foundation
import MVI
import MVIFixtures
import MVIJSON
import MVITimeTravel
import Testing

@Suite struct ReplayTests {
    /// A session that added 1, 2, 3, 4 and said hello.
    func session() throws -> Data {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        store.send(.add(10))  // before recording: the recorded start is count 10
        timeTravel.startRecording()
        for amount in 1...4 { store.send(.add(amount)) }
        store.send(.notify("hello"))
        return try timeTravel.export()
    }

    @Test func theRecordingReducerReproducesTheRecording() throws {
        #expect(try TimeTravelReplay.firstDivergence(in: try session(), of: Counter.self) == nil)
    }

    @Test func anInjectedDivergenceIsFoundAtItsFirstState() throws {
        let divergence = try #require(try TimeTravelReplay.firstDivergence(in: try session(), of: BuggyCounter.self))
        #expect(divergence.storeName == "Counter")
        #expect(divergence.sequence == 9)  // the state after add(3): events 7 intent, 8 message, 9 state
        #expect(divergence.messageSequence == 8)
        #expect(divergence.messageDescription == "added(3)")
        #expect(
            divergence.expected
                == .object(["count": .number(16), "log": .array([.number(10), .number(1), .number(2), .number(3)])]))
        #expect(
            divergence.actual
                == .object(["count": .number(17), "log": .array([.number(10), .number(1), .number(2), .number(4)])]))
        #expect(divergence.description.contains("state of event 9 differs after message added(3)"))
    }

    @Test func theStoreIsChosenByNameAmongSeveral() throws {
        let timeTravel = TimeTravel()
        let first = try makeCounter(timeTravel, name: "First")
        let second = try makeCounter(timeTravel, name: "Second")
        timeTravel.startRecording()
        first.send(.add(1))
        second.send(.add(3))
        let data = try timeTravel.export()
        #expect(try TimeTravelReplay.firstDivergence(in: data, of: BuggyCounter.self, store: "First") == nil)
        #expect(try TimeTravelReplay.firstDivergence(in: data, of: BuggyCounter.self, store: "Second")?.sequence == 6)
        #expect(try TimeTravelReplay.firstDivergence(in: data, of: BuggyCounter.self)?.storeName == "Second")
        #expect(throws: TimeTravelReplayError.storeNotFound("Third")) {
            try TimeTravelReplay.firstDivergence(in: data, of: Counter.self, store: "Third")
        }
    }

    @Test func invalidRecordingsAreTypedErrors() throws {
        #expect(throws: TimeTravelReplayError.invalidRecording(.notARecording(format: nil))) {
            try TimeTravelReplay.firstDivergence(in: Data("{}".utf8), of: Counter.self)
        }
        var recording = try TimeTravel.decodeRecording(try session())
        recording.stores[0].initialState = nil
        #expect(throws: TimeTravelReplayError.missingInitialState(store: "Counter")) {
            try TimeTravelReplay.firstDivergence(in: recording, of: Counter.self)
        }
        recording = try TimeTravel.decodeRecording(try session())
        recording.events[1].value = .string("nonsense")
        #expect {
            try TimeTravelReplay.firstDivergence(in: recording, of: Counter.self)
        } throws: { error in
            guard case .messageDoesNotDecode(let sequence, _) = error as? TimeTravelReplayError else { return false }
            return sequence == 2
        }
    }
}
