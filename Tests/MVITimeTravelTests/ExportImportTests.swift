import Foundation
import MVI
import MVIFixtures
import MVIJSON
import MVITimeTravel
import Testing

@Suite struct ExportImportTests {
    @Test func exportIsTheDocumentedFormat() throws {
        let data = try recordedExport()
        let json = try JSONDecoder().decode(JSONValue.self, from: data)
        guard case .object(let root) = json else { Issue.record("not an object"); return }
        #expect(root["format"] == .string("swift-mvi.time-travel"))
        #expect(root["version"] == .number(3))
        guard case .array(let stores)? = root["stores"], case .object(let store)? = stores.first else {
            Issue.record("no stores"); return
        }
        #expect(store["id"] == .number(0))
        #expect(store["name"] == .string("Counter"))
        #expect(store["initialState"] == .object(["count": .number(0), "log": .array([])]))
        guard case .array(let events)? = root["events"], case .object(let first)? = events.first else {
            Issue.record("no events"); return
        }
        #expect(events.count == 9)
        #expect(first["kind"] == .string("intent"))
        #expect(first["store"] == .number(0))
        #expect(first["sequence"] == .number(1))
        #expect(first["description"] == .string("add(1)"))
        #expect(first["value"] == .object(["add": .object(["_0": .number(1)])]))
    }

    @Test func roundTripKeepsEverything() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        for amount in 1...3 { store.send(.add(amount)) }
        store.send(.notify("done"))
        let recording = timeTravel.recording()
        let data = try timeTravel.export()

        let decoded = try TimeTravel.decodeRecording(data)
        #expect(decoded.stores == recording.stores)
        #expect(decoded.events == recording.events)

        let other = TimeTravel()
        try other.import(data)
        #expect(other.mode == .stopped)
        #expect(other.events.map(\.description) == timeTravel.events.map(\.description))
        #expect(other.events.map(\.sequence) == timeTravel.events.map(\.sequence))
        #expect(other.recording().events == recording.events)
        #expect(other.recording().stores == recording.stores)
    }

    @Test func importedRecordingIsShownOnTheStoreOfTheSameName() throws {
        let data = try recordedExport()  // added 1, 2, 3
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        store.send(.add(100))

        try timeTravel.import(data)
        #expect(timeTravel.mode == .stopped)
        #expect(store.state == .init(count: 6, log: [1, 2, 3]))  // at the end of the recording
        timeTravel.moveToStart()
        #expect(store.state == .init())
        timeTravel.stepForward()
        #expect(store.state == .init(count: 1, log: [1]))
        store.send(.add(5))  // held
        #expect(store.state.count == 1)

        timeTravel.cancel()
        #expect(store.state == .init(count: 105, log: [100, 5]))
    }

    @Test func importedStoreWithoutALocalStoreCanStillBeStepped() throws {
        let timeTravel = TimeTravel()
        try timeTravel.import(try recordedExport())
        #expect(timeTravel.stepBackward())
        #expect(timeTravel.selectedEvent?.sequence == 6)
        #expect(timeTravel.selectedEvent?.storeName == "Counter")
        #expect(
            timeTravel.value(of: try #require(timeTravel.selectedEvent))
                == .object(["count": .number(3), "log": .array([.number(1), .number(2)])]))
    }

    @Test func importNeedsAnIdleController() throws {
        let data = try recordedExport()
        let timeTravel = TimeTravel()
        timeTravel.startRecording()
        #expect(throws: TimeTravelImportError.controllerNotIdle(.recording)) { try timeTravel.import(data) }
        timeTravel.cancel()
        try timeTravel.import(data)
        #expect(throws: TimeTravelImportError.controllerNotIdle(.stopped)) { try timeTravel.import(data) }
    }

    @Test func newRecordingAfterImportStartsFresh() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        try timeTravel.import(try recordedExport())
        timeTravel.cancel()
        timeTravel.startRecording()
        store.send(.add(9))
        #expect(timeTravel.events.map(\.description).first == "add(9)")
        #expect(timeTravel.eventCount == 3)
    }
}

@Suite struct ExportTextTests {
    @Test func stringsWithEscapesAndUnicodeRoundTrip() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        let text = "quote \" backslash \\ tab \t newline \n é 中 😀 \u{01}"
        store.send(.notify(text))
        let data = try timeTravel.export()
        let recording = try TimeTravel.decodeRecording(data)
        let sideEffect = try #require(recording.events.last)
        #expect(sideEffect.kind == .sideEffect)
        #expect(sideEffect.value == .object(["said": .object(["_0": .string(text)])]))
        #expect(sideEffect.description == String(describing: Counter.SideEffect.said(text)))
        #expect(
            recording
                == (try JSONDecoder().decode(TimeTravelRecording.self, from: data)).with(
                    exportedAt: recording.exportedAt))
    }

    @Test func escapedSurrogatePairsAndNumbersParse() throws {
        var root = try JSONDecoder().decode(JSONValue.self, from: try recordedExport())
        guard case .object(var fields) = root else { return }
        fields["exportedAt"] = .number(1.5e9)
        root = .object(fields)
        var text = String(decoding: try JSONEncoder().encode(root), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"add(1)\"", with: "\"\\ud83d\\ude00 \\u00e9\"")
        let recording = try TimeTravel.decodeRecording(Data(text.utf8))
        #expect(recording.exportedAt == 1.5e9)
        #expect(recording.events[0].description == "😀 é")
        #expect(throws: TimeTravelImportError.self) {
            try TimeTravel.decodeRecording(Data(text.replacingOccurrences(of: "\\ude00", with: "\\u0041").utf8))
        }
    }
}

extension TimeTravelRecording {
    func with(exportedAt: Double) -> TimeTravelRecording {
        var copy = self
        copy.exportedAt = exportedAt
        return copy
    }
}
