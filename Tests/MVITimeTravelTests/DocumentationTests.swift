import Foundation
import MVI
import MVIFixtures
import MVITimeTravel
import Testing

/// The samples of the "Time travel" article (`MVITimeTravel.docc/UsingTimeTravel.md`),
/// compiled and run.
@Suite struct DocumentationTests {
    @Test func registerRecordStepAndCancel() throws {
        let timeTravel = TimeTravel(maxEvents: 10_000)
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [try timeTravel.register("Counter")])

        timeTravel.startRecording()
        store.send(.add(1))
        store.send(.add(2))

        timeTravel.stop()  // every registered store holds its live input
        timeTravel.stepBackward()  // the store shows the state after add(1)
        #expect(store.state.count == 1)
        store.send(.add(5))  // held, not lost
        timeTravel.cancel()  // back to live; add(5) is applied now
        #expect(store.state.count == 8)
    }

    @Test func replayOneEvent() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        store.send(.add(5))

        let event = timeTravel.events.first { $0.kind == .intent && $0.description == "add(5)" }!
        let result = try timeTravel.replay(event)
        print(result.stateBefore, result.messages, result.stateAfter)
        #expect(result.messages == ["added(5)"])
    }

    @Test func exportAndImport() throws {
        let recorder = TimeTravel()
        let device = try makeCounter(recorder)
        recorder.startRecording()
        device.send(.add(1))
        let data: Data = try recorder.export()  // write it to a file, send it over

        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        do {
            try timeTravel.import(data)  // stopped at the last event
        } catch {
            Issue.record("\(error)")  // error: TimeTravelImportError, naming what is wrong
        }
        timeTravel.moveToStart()
        #expect(store.state.count == 0)
        timeTravel.cancel()
    }

    @Test func recordedSessionStillReduces() throws {
        let recording = try recordedExport()  // in a real test: Data(contentsOf: fixtureURL)
        let divergence = try TimeTravelReplay.firstDivergence(in: recording, of: Counter.self)
        #expect(divergence == nil, "\(divergence.map(String.init(describing:)) ?? "")")
    }
}
