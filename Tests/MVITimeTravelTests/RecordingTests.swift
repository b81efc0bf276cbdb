import Foundation
import MVI
import MVIFixtures
import MVIJSON
import MVITimeTravel
import Testing

@Suite struct RecordingTests {
    @Test func idleRecordsNothing() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        store.send(.add(1))
        #expect(timeTravel.mode == .idle)
        #expect(timeTravel.eventCount == 0)
    }

    @Test func recordsEveryKindInOrderAcrossStores() throws {
        let timeTravel = TimeTravel()
        let first = try makeCounter(timeTravel, name: "First")
        let second = try makeCounter(timeTravel, name: "Second")
        #expect(timeTravel.startRecording())
        first.send(.add(1))
        second.send(.add(2))
        first.send(.notify("hi"))

        let events = timeTravel.events
        #expect(events.map(\.storeName) == ["First", "First", "First", "Second", "Second", "Second", "First", "First"])
        #expect(events.map(\.kind) == [.intent, .message, .state, .intent, .message, .state, .intent, .sideEffect])
        #expect(events.map(\.sequence) == Array(1...8))
        #expect(events[0].description == "add(1)")
        #expect(events[2].description == String(describing: Counter.State(count: 1, log: [1])))
        #expect(events[7].description == "said(\"hi\")")
        #expect(events.allSatisfy { abs($0.time.timeIntervalSinceNow) < 3600 })
        #expect(timeTravel.value(of: events[2]) == .object(["count": .number(1), "log": .array([.number(1)])]))
    }

    @Test func nonCodableValuesAreDescribedButNotEncoded() throws {
        let timeTravel = TimeTravel()
        let store = Store(
            Opaque(), initialState: .init(), name: "Opaque", middleware: [try timeTravel.register("Opaque")])
        timeTravel.startRecording()
        store.send(.set("x"))
        let events = timeTravel.events
        #expect(events.count == 3)
        #expect(events.allSatisfy { timeTravel.value(of: $0) == nil })
        #expect(events[2].description.contains("\"x\""))
    }

    @Test func startRecordingAgainStartsOver() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        store.send(.add(1))
        #expect(!timeTravel.startRecording())  // not idle
        timeTravel.cancel()
        #expect(timeTravel.eventCount == 3)  // kept for export after cancel
        store.send(.add(5))
        #expect(timeTravel.eventCount == 3)  // idle records nothing
        timeTravel.startRecording()
        #expect(timeTravel.eventCount == 0)
        store.send(.add(2))
        #expect(timeTravel.events.first?.sequence == 1)
        #expect(
            timeTravel.recording().stores.first?.initialState
                == .object(["count": .number(6), "log": .array([.number(1), .number(5)])]))
    }

    @Test func storeCreatedWhileRecordingIsRecordedFromItsInitialState() throws {
        let timeTravel = TimeTravel()
        timeTravel.startRecording()
        let store = Store(
            Counter(), initialState: .init(count: 10), name: "Late",
            middleware: [try timeTravel.register("Late")])
        store.send(.add(1))
        #expect(timeTravel.events.map(\.storeName) == ["Late", "Late", "Late"])
        #expect(
            timeTravel.recording().stores.map(\.initialState)
                == [.object(["count": .number(10), "log": .array([])])])
    }

    @Test func ringBufferKeepsTheNewestEventsAndMovesTheStart() throws {
        let timeTravel = TimeTravel(maxEvents: 10)
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        for amount in 1...100 { store.send(.add(amount)) }  // 300 events
        #expect(timeTravel.eventCount == 10)
        let events = timeTravel.events
        #expect(events.map(\.sequence) == Array(291...300))
        // Events 1...290 were dropped: the last dropped state (event 288, after add(96)) is the start.
        #expect(timeTravel.stop())
        #expect(timeTravel.moveToStart())
        let expected = (1...96).reduce(0, +)
        #expect(store.state.count == expected)
        #expect(timeTravel.moveToEnd())
        #expect(store.state.count == (1...100).reduce(0, +))
        #expect(timeTravel.recording().stores[0].initialState?.objectCount == .number(Double(expected)))
    }

    @Test func statesBetweenCheckpointsAreComputedFromTheMessages() throws {
        let timeTravel = TimeTravel(maxEvents: 1_000)
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        for amount in 1...2_000 { store.send(.add(amount)) }  // 6,000 events, many checkpoints
        let events = timeTravel.events
        #expect(events.count == 1_000)
        #expect(events.map(\.sequence) == Array(5_001...6_000))
        // Every kept state is the one the store had: the running sum of what was added.
        var states: [Int] = []
        for event in events where event.kind == .state {
            guard case .object(let fields)? = timeTravel.value(of: event),
                let count = fields["count"]?.doubleValue
            else { continue }
            states.append(Int(count))
        }
        let firstAmount = (5_001 + 2) / 3  // event 5,001 is the state after add(1,667)
        #expect(states == (firstAmount...2_000).map { $0 * ($0 + 1) / 2 })
        #expect(timeTravel.stop())
        #expect(timeTravel.moveToStart())
        #expect(store.state.count == (firstAmount - 1) * firstAmount / 2)
        #expect(store.state.log.count == firstAmount - 1)
        #expect(timeTravel.moveToEnd())
        #expect(store.state.count == 2_000 * 2_001 / 2)
        timeTravel.cancel()
    }

    @Test func eventTimesAreTheWallClockToTheMillisecond() async throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        let before = Date()
        store.send(.add(1))
        // The clock thread reads the time every millisecond; wait until a later send gets a
        // later time (a few milliseconds, up to 10 s on a starved machine).
        var times: [Date] = []
        for _ in 0..<1_000 {
            try await Task.sleep(for: .milliseconds(10))
            store.send(.add(2))
            times = timeTravel.events.map(\.time)
            if times.last! > times.first! { break }
        }
        let after = Date()
        #expect(times.last! > times.first!)
        #expect(times == times.sorted())
        #expect(times.allSatisfy { $0 >= before.addingTimeInterval(-1) && $0 <= after.addingTimeInterval(1) })
        timeTravel.cancel()
    }

    @Test func bytesPerEventIsStated() {
        let bytes = TimeTravel.bytesPerEvent(for: Counter.self)
        let timeline = TimeTravel.timelineBytesPerEvent(for: Counter.self)
        #expect(bytes > 0 && bytes <= 64)
        #expect(timeline > 0 && timeline <= 96)
        print(
            "time travel: \(bytes) bytes per slot of one to three events, \(timeline) per event in the timeline (Counter)"
        )
    }
}

extension JSONValue {
    /// The `count` field of an object.
    var objectCount: JSONValue? {
        if case .object(let fields) = self { return fields["count"] }
        return nil
    }
}
