import Foundation
import MVI
import MVITimeTravel
import Testing

/// The sample of the "Keeping a flight recorder" article (`MVITimeTravel.docc/KeepingAFlightRecorder.md`),
/// as written there.
@Suite struct FlightRecorderArticleTests {
    @Test func registerSendFlushAndRead() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mvi-flight-article-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: directory) }

        let flight = FlightRecorder(directory: directory)
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [try flight.register("Counter")])
        store.send(.add(1))
        await store.waitForIdle()
        flight.flush()  // what the recorder holds is on disk now
        let recording = try TimeTravel.decodeRecording(
            try Data(contentsOf: directory.appendingPathComponent("Counter.json")))

        #expect(recording.events.map(\.kind) == [.intent, .message, .state])
    }
}
