import MVI
import MVIFixtures
import MVITimeTravel
import Testing

@Suite struct ControlTests {
    /// Two stores; First adds 1, Second adds 10, First adds 2. States: First 1, Second 10, First 3.
    func recorded() throws -> (TimeTravel, Store<Counter>, Store<Counter>) {
        let timeTravel = TimeTravel()
        let first = try makeCounter(timeTravel, name: "First")
        let second = try makeCounter(timeTravel, name: "Second")
        timeTravel.startRecording()
        first.send(.add(1))
        second.send(.add(10))
        first.send(.add(2))
        return (timeTravel, first, second)
    }

    @Test func controlsDoNothingOutsideStopped() throws {
        let (timeTravel, first, _) = try recorded()
        #expect(!timeTravel.stepBackward())
        #expect(!timeTravel.moveToStart())
        #expect(!timeTravel.stepForward())
        #expect(!timeTravel.moveToEnd())
        #expect(!timeTravel.jump(toSequence: 1))
        #expect(timeTravel.selectedEvent == nil)
        #expect(first.state.count == 3)
        #expect(timeTravel.cancel())
        #expect(!timeTravel.cancel())
        #expect(!timeTravel.stop())  // idle
    }

    @Test func stopSelectsTheLastEvent() throws {
        let (timeTravel, first, second) = try recorded()
        #expect(timeTravel.stop())
        #expect(timeTravel.mode == .stopped)
        #expect(timeTravel.selectedEvent?.sequence == 9)
        #expect(first.state.count == 3)
        #expect(second.state.count == 10)
    }

    @Test func stepBackwardAndForwardOverStateEvents() throws {
        let (timeTravel, first, second) = try recorded()
        timeTravel.stop()

        #expect(timeTravel.stepBackward())  // state of Second (event 6)
        #expect(timeTravel.selectedEvent?.sequence == 6)
        #expect(first.state.count == 1)
        #expect(second.state.count == 10)

        #expect(timeTravel.stepBackward())  // state of First (event 3)
        #expect(timeTravel.selectedEvent?.sequence == 3)
        #expect(first.state.count == 1)
        #expect(second.state.count == 0)

        #expect(timeTravel.stepBackward())  // the start
        #expect(timeTravel.selectedEvent == nil)
        #expect(first.state.count == 0)
        #expect(second.state.count == 0)
        #expect(!timeTravel.stepBackward())

        #expect(timeTravel.stepForward())
        #expect(timeTravel.selectedEvent?.sequence == 3)
        #expect(first.state == .init(count: 1, log: [1]))
        #expect(timeTravel.stepForward())
        #expect(timeTravel.stepForward())
        #expect(timeTravel.selectedEvent?.sequence == 9)
        #expect(first.state.count == 3)
        #expect(!timeTravel.stepForward())
    }

    @Test func moveToStartAndEnd() throws {
        let (timeTravel, first, second) = try recorded()
        timeTravel.stop()
        #expect(timeTravel.moveToStart())
        #expect(first.state.count == 0 && second.state.count == 0)
        #expect(!timeTravel.moveToStart())
        #expect(timeTravel.moveToEnd())
        #expect(first.state.count == 3 && second.state.count == 10)
    }

    @Test func jumpShowsTheLatestStatesAtOrBeforeTheEvent() throws {
        let (timeTravel, first, second) = try recorded()
        timeTravel.stop()
        let intentOfLastAdd = try #require(timeTravel.events.first { $0.sequence == 7 })
        #expect(intentOfLastAdd.kind == .intent)
        #expect(timeTravel.jump(to: intentOfLastAdd))
        #expect(timeTravel.selectedEvent == intentOfLastAdd)
        #expect(first.state.count == 1)
        #expect(second.state.count == 10)
        #expect(!timeTravel.jump(toSequence: 999))
        #expect(timeTravel.selectedEvent == intentOfLastAdd)
    }

    @Test func observersSeeShownStates() throws {
        let (timeTravel, first, _) = try recorded()
        let seen = Collected<Int>()
        let subscription = first.subscribe { seen.append($0.count) }
        timeTravel.stop()
        timeTravel.moveToStart()
        timeTravel.moveToEnd()
        timeTravel.cancel()
        #expect(seen.values == [3, 0, 3, 3])
        subscription.cancel()
    }

    @Test func steppingDoesNotRecord() throws {
        let (timeTravel, _, _) = try recorded()
        timeTravel.stop()
        timeTravel.moveToStart()
        timeTravel.moveToEnd()
        #expect(timeTravel.eventCount == 9)
    }
}
