import Foundation
import MVI
import MVIJSON
import MVITimeTravel
import Testing

/// A counter whose async work can fail: for failures in the recording.
struct Flaky: Feature {
    struct State: Equatable, Sendable, Codable {
        var count = 0
    }

    enum Intent: Sendable, Codable {
        case add(Int)
        case fail(String)
    }

    enum Message: Sendable, Codable {
        case added(Int)
    }

    struct Broken: Error, CustomStringConvertible {
        let reason: String
        var description: String { "broken: \(reason)" }
    }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let amount): state.count += amount
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let amount): context.dispatch(.added(amount))
        case .fail(let reason): context.run(id: "request") { _ in throw Broken(reason: reason) }
        }
    }
}

func makeFlaky(_ timeTravel: TimeTravel, name: String = "Flaky") throws -> Store<Flaky> {
    Store(
        Flaky(), initialState: .init(), name: name, middleware: [try timeTravel.register(name)],
        onError: StoreErrorHandler { _ in })
}

@Suite(.timeLimit(.minutes(5))) struct ReplacedStateAndFailureTests {
    @Test func aReplacedStateIsRecordedAsAStateAndStepsBackLikeOne() async throws {
        let timeTravel = TimeTravel()
        let store = try makeFlaky(timeTravel)
        #expect(timeTravel.startRecording())
        store.send(.add(1))
        store.replaceState(with: .init(count: 40))
        store.send(.add(2))
        await store.waitForIdle()
        #expect(store.state.count == 42)

        let events = timeTravel.events
        #expect(events.map(\.kind) == [.intent, .message, .state, .state, .intent, .message, .state])
        #expect(timeTravel.value(of: events[3]) == .object(["count": .number(40)]))
        #expect(timeTravel.value(of: events[6]) == .object(["count": .number(42)]))

        #expect(timeTravel.stop())
        #expect(timeTravel.stepBackward())  // the replaced state
        await store.waitForIdle()
        #expect(store.state.count == 40)
        #expect(timeTravel.stepBackward())  // the state before it
        await store.waitForIdle()
        #expect(store.state.count == 1)
        #expect(timeTravel.cancel())
        await store.waitForIdle()
        #expect(store.state.count == 42)
    }

    @Test func aSharedChangeIsRecordedAsAStateAndStepsBackLikeOne() async throws {
        let timeTravel = TimeTravel()
        let count = Shared(0)
        let store = Store(
            Flaky(), initialState: .init(), name: "Flaky", middleware: [try timeTravel.register("Flaky")],
            sharing: [.init(\.count, count)])
        let other = Store(Flaky(), initialState: .init(), sharing: [.init(\.count, count)])
        #expect(timeTravel.startRecording())
        store.send(.add(1))
        other.send(.add(10))  // reaches the recorded store as a shared change
        store.send(.add(2))
        await store.waitForIdle()
        #expect(store.state.count == 13)

        let events = timeTravel.events
        #expect(events.map(\.kind) == [.intent, .message, .state, .state, .intent, .message, .state])
        #expect(timeTravel.value(of: events[3]) == .object(["count": .number(11)]))

        #expect(timeTravel.stop())
        #expect(timeTravel.stepBackward())  // the shared change
        await store.waitForIdle()
        #expect(store.state.count == 11)
        #expect(timeTravel.stepBackward())  // the state before it
        await store.waitForIdle()
        #expect(store.state.count == 1)
        // Showing a past state writes nothing to the shared value.
        #expect(count.value == 13)
        #expect(other.state.count == 13)
        #expect(timeTravel.cancel())
        await store.waitForIdle()
        #expect(store.state.count == 13)
    }

    @Test func aFailureIsRecordedInOrder() async throws {
        let timeTravel = TimeTravel()
        let store = try makeFlaky(timeTravel)
        #expect(timeTravel.startRecording())
        store.send(.fail("offline"))
        await store.waitForIdle()
        store.send(.add(1))
        let events = timeTravel.events
        #expect(events.map(\.kind) == [.intent, .failure, .intent, .message, .state])
        #expect(events[1].description.contains("broken: offline"))
        #expect(events[1].description.contains("async work \"request\" failed"))
        #expect(timeTravel.value(of: events[1]) == nil)
    }

    @Test func failuresAndReplacedStatesRoundTripThroughAnExport() async throws {
        let timeTravel = TimeTravel()
        let store = try makeFlaky(timeTravel)
        #expect(timeTravel.startRecording())
        store.send(.add(1))
        store.send(.fail("timeout"))
        await store.waitForIdle()
        store.replaceState(with: .init(count: 10))
        store.send(.add(5))
        #expect(timeTravel.stop())
        let data = try timeTravel.export()
        let decoded = try TimeTravel.decodeRecording(data)
        #expect(decoded.version == TimeTravelRecording.currentVersion)
        #expect(
            decoded.events.map(\.kind) == [
                .intent, .message, .state, .intent, .failure, .state, .intent, .message, .state,
            ])
        #expect(decoded.events[4].description.contains("broken: timeout"))
        #expect(decoded.events[4].value == nil)

        // Replaying the recording adopts the replaced state instead of calling it a divergence.
        #expect(try TimeTravelReplay.firstDivergence(in: data, of: Flaky.self) == nil)

        #expect(timeTravel.cancel())
        let other = TimeTravel()
        let otherStore = try makeFlaky(other)
        try other.import(data)
        #expect(other.events.map(\.kind) == decoded.events.map(\.kind))
        #expect(other.events[4].description == decoded.events[4].description)
        #expect(other.jump(toSequence: 6))  // the replaced state, shown on the registered store
        await otherStore.waitForIdle()
        #expect(otherStore.state.count == 10)
        #expect(other.cancel())
    }

    @Test func aVersionOneRecordingStillImports() throws {
        let data = Data(
            #"""
            {"format": "swift-mvi.time-travel", "version": 1, "exportedAt": 1763788800.5,
             "stores": [{"id": 0, "name": "Flaky",
                         "types": {"state": "S", "intent": "I", "message": "M", "sideEffect": "Swift.Never"},
                         "initialState": {"count": 0}, "initialStateDescription": "State(count: 0)"}],
             "events": [
               {"sequence": 1, "store": 0, "kind": "intent", "time": 1763788800.1, "description": "add(2)", "value": {"add": {"_0": 2}}},
               {"sequence": 2, "store": 0, "kind": "message", "time": 1763788800.1, "description": "added(2)", "value": {"added": {"_0": 2}}},
               {"sequence": 3, "store": 0, "kind": "state", "time": 1763788800.1, "description": "State(count: 2)", "value": {"count": 2}}
             ]}
            """#.utf8)
        let recording = try TimeTravel.decodeRecording(data)
        #expect(recording.version == 1)
        let timeTravel = TimeTravel()
        try timeTravel.import(data)
        #expect(timeTravel.events.map(\.kind) == [.intent, .message, .state])
        #expect(try TimeTravelReplay.firstDivergence(in: data, of: Flaky.self) == nil)
    }

    @Test func aFailureInAVersionOneRecordingIsATypedError() throws {
        let data = Data(
            #"""
            {"format": "swift-mvi.time-travel", "version": 1, "exportedAt": 1,
             "stores": [{"id": 0, "name": "Flaky",
                         "types": {"state": "S", "intent": "I", "message": "M", "sideEffect": "E"}}],
             "events": [{"sequence": 1, "store": 0, "kind": "failure", "time": 1, "description": "x"}]}
            """#.utf8)
        #expect(
            throws: TimeTravelImportError.invalidStructure(
                path: "events[0].kind", reason: "failure needs version 2 or later")
        ) {
            try TimeTravel.decodeRecording(data)
        }
    }

    @Test func aFeedTimesIntentsOnlyWhileItWantsTo() async throws {
        let timeTravel = TimeTravel()
        let store = try makeFlaky(timeTravel)
        #expect(timeTravel.startRecording())
        let plain = timeTravel.makeFeed()
        store.send(.add(1))
        #expect(plain.read().intentTimings.isEmpty)

        let timed = timeTravel.makeFeed(timingIntents: true)
        for amount in 1...20 { store.send(.add(amount)) }
        store.send(.fail("late"))  // an intent that dispatches nothing is timed too
        await store.waitForIdle()
        let batch = timed.read()
        let intents = batch.events.filter { $0.kind == .intent }
        let timings = batch.intentTimings
        #expect(timings.count == 21)
        #expect(timings.allSatisfy { $0.executionTime > .zero && $0.storeName == "Flaky" })
        // Every timing belongs to an intent of this batch, the ones sent after the feed began.
        #expect(Set(timings.map(\.sequence)).isSubset(of: Set(intents.map(\.sequence))))
        #expect(plain.read().intentTimings.isEmpty)
    }
}
