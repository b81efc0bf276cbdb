import Foundation
import MVI
import MVIFixtures
import MVITimeTravel
import Testing

/// Defects found in time travel: each test failed before its fix.
@Suite struct TimeTravelDefectTests {
    // (a)
    @Test func stopWithNothingRecordedGoesBackToIdleAndHoldsNothing() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        #expect(timeTravel.startRecording())
        #expect(!timeTravel.stop())  // nothing to travel through
        #expect(timeTravel.mode == .idle)
        #expect(!store.hooks.isHoldingInput)
        store.send(.add(1))
        #expect(store.state.count == 1)
        // A new recording starts as usual.
        #expect(timeTravel.startRecording())
        store.send(.add(2))
        #expect(timeTravel.stop())
        #expect(store.hooks.isHoldingInput)
        #expect(timeTravel.cancel())
    }

    // (b)
    @Test func steppingShowsOnlyTheStoresWhoseStateChanged() throws {
        let timeTravel = TimeTravel()
        let first = try makeCounter(timeTravel, name: "First")
        let second = try makeCounter(timeTravel, name: "Second")
        timeTravel.startRecording()
        first.send(.add(1))  // First's state at event 3
        second.send(.add(10))  // Second's state at event 6
        first.send(.add(2))  // First's state at event 9
        let seenFirst = Collected<Int>()
        let seenSecond = Collected<Int>()
        let subscriptions = [
            first.subscribe { seenFirst.append($0.count) },
            second.subscribe { seenSecond.append($0.count) },
        ]
        #expect(timeTravel.stop())
        #expect(timeTravel.stepBackward())  // event 6: only First changes (3 -> 1)
        #expect(timeTravel.stepBackward())  // event 3: only Second changes (10 -> 0)
        #expect(timeTravel.jump(toSequence: 2))  // First's message, before its state: 1 -> 0
        #expect(timeTravel.jump(toSequence: 1))  // First's intent: nobody changes
        #expect(timeTravel.moveToStart())  // nobody changes
        #expect(timeTravel.moveToEnd())  // both change
        #expect(seenFirst.values == [3, 1, 0, 3])
        #expect(seenSecond.values == [10, 0, 10])
        subscriptions.forEach { $0.cancel() }
        timeTravel.cancel()
    }

    // (c)
    @Test func importedStoreRecreatedUnderTheSameNameShowsTheStatesOfItsTime() throws {
        let recorder = TimeTravel()
        var old: Store<Counter>? = try makeCounter(recorder)
        recorder.startRecording()
        old?.send(.add(1))  // events 1...3, state 1
        old?.cancel()
        old = nil
        let recreated = Store(
            Counter(), initialState: .init(count: 50), name: "Counter",
            middleware: [try recorder.register("Counter")])
        recreated.send(.add(2))  // events 4...6, state 52
        recreated.send(.add(3))  // events 7...9, state 55
        let data = try recorder.export()
        let recording = try TimeTravel.decodeRecording(data)
        #expect(recording.stores.map(\.name) == ["Counter", "Counter"])

        let timeTravel = TimeTravel()
        let live = Store(
            Counter(), initialState: .init(count: 1000), name: "Counter",
            middleware: [try timeTravel.register("Counter")])
        try timeTravel.import(data)
        #expect(live.state.count == 55)  // the end: the recreated store's last state
        #expect(timeTravel.stepBackward())  // event 6
        #expect(live.state.count == 52)
        #expect(timeTravel.stepBackward())  // event 3: the first store's state
        #expect(live.state.count == 1)
        #expect(timeTravel.stepBackward())  // the start: the first store's initial state
        #expect(live.state.count == 0)
        #expect(timeTravel.jump(toSequence: 4))  // the recreated store's first intent
        #expect(live.state.count == 50)
        #expect(timeTravel.jump(toSequence: 1))
        #expect(live.state.count == 0)
        #expect(timeTravel.moveToEnd())
        #expect(live.state.count == 55)
        timeTravel.cancel()
        #expect(live.state.count == 1000)
    }

    // (d)
    @Test func maxEventsIsClampedToItsEffectiveLimit() throws {
        let timeTravel = TimeTravel(maxEvents: .max)
        #expect(timeTravel.maxEvents == TimeTravel.maxEventsLimit)
        #expect(TimeTravel(maxEvents: 0).maxEvents == 1)
        #expect(TimeTravel(maxEvents: .min).maxEvents == 1)
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        for amount in 1...100 { store.send(.add(amount)) }
        #expect(timeTravel.eventCount == 300)
        #expect(timeTravel.stop())
        #expect(timeTravel.moveToStart())
        #expect(store.state.count == 0)
        timeTravel.cancel()
        #expect(store.state.count == 5050)
    }
}
