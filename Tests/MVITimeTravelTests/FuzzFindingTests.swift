import Foundation
import MVI
import MVIFixtures
import MVITimeTravel
import Testing

/// Inputs the fuzzer (Fuzz/run) found, each a test that failed before its fix.
@Suite struct FuzzFindingTests {
    /// Found by FuzzRecordingImport: a file whose store ids are not their positions (here
    /// listed 0, 2, 1) exported again with ids renumbered to positions, so the events of
    /// "store 1" became events of "store 2".
    @Test func exportAfterImportKeepsTheRecordedStoreIDs() throws {
        let recorder = TimeTravel()
        let counter = try makeCounter(recorder, name: "Counter")
        let other = try makeCounter(recorder, name: "Other")
        recorder.startRecording()
        counter.send(.add(1))
        other.send(.add(2))
        var recording = recorder.recording()
        // Renumber: Counter 0 -> 7, Other 1 -> 3, and list Other first.
        let ids = [0: 7, 1: 3]
        recording.stores = recording.stores.reversed().map { store in
            var store = store
            store.id = ids[store.id]!
            return store
        }
        recording.events = recording.events.map { event in
            var event = event
            event.store = ids[event.store]!
            return event
        }

        let timeTravel = TimeTravel()
        try timeTravel.import(TimeTravel.encode(recording))
        let again = try TimeTravel.decodeRecording(timeTravel.export())
        #expect(again.stores.map(\.id) == [3, 7])
        #expect(again.stores.map(\.name) == ["Other", "Counter"])
        #expect(again.events == recording.events)
    }
}
