import Foundation
import MVI
import MVIFixtures
import MVIJSON
import MVITimeTravel
import Testing

@Suite struct BadImportTests {
    /// The valid export as an editable JSON object.
    func exportObject() throws -> [String: JSONValue] {
        guard case .object(let root) = try JSONDecoder().decode(JSONValue.self, from: try recordedExport()) else {
            throw CancellationError()
        }
        return root
    }

    func data(_ root: [String: JSONValue]) throws -> Data {
        try JSONEncoder().encode(JSONValue.object(root))
    }

    /// Imports into a controller with a registered Counter, expects `error`, then checks the
    /// controller is still idle and usable.
    func expectImport(_ data: Data, fails error: TimeTravelImportError) throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        #expect(throws: error) { try timeTravel.import(data) }
        #expect(timeTravel.mode == .idle)
        #expect(timeTravel.eventCount == 0)
        store.send(.add(1))
        #expect(store.state.count == 1)
        try timeTravel.import(try recordedExport())
        #expect(timeTravel.mode == .stopped)
        timeTravel.cancel()
        #expect(store.state.count == 1)
    }

    @Test func malformedJSON() throws {
        let timeTravel = TimeTravel()
        #expect {
            try timeTravel.import(Data("{\"format\": ".utf8))
        } throws: { error in
            guard case .malformedJSON = error as? TimeTravelImportError else { return false }
            return true
        }
        #expect(timeTravel.mode == .idle)
    }

    @Test func notARecording() throws {
        try expectImport(Data("[1, 2]".utf8), fails: .notARecording(format: nil))
        try expectImport(Data("{\"format\": \"redux\", \"version\": 1}".utf8), fails: .notARecording(format: "redux"))
    }

    @Test func unknownVersion() throws {
        var root = try exportObject()
        root["version"] = .number(4)
        try expectImport(try data(root), fails: .unsupportedVersion(4))
        root["version"] = .string("1")
        try expectImport(try data(root), fails: .invalidStructure(path: "version", reason: "missing or not a number"))
    }

    @Test func missingOrMistypedField() throws {
        var root = try exportObject()
        guard case .array(var events)? = root["events"], case .object(var event) = events[3] else { return }
        event["kind"] = .string("thought")
        events[3] = .object(event)
        root["events"] = .array(events)
        let timeTravel = TimeTravel()
        #expect {
            try timeTravel.import(try data(root))
        } throws: { error in
            guard case .invalidStructure(let path, _) = error as? TimeTravelImportError else { return false }
            return path == "events[3].kind"
        }

        var noStores = try exportObject()
        noStores["stores"] = nil
        #expect {
            try timeTravel.import(try data(noStores))
        } throws: { error in
            guard case .invalidStructure(let path, _) = error as? TimeTravelImportError else { return false }
            return path == "stores"
        }
        #expect(timeTravel.mode == .idle)
    }

    @Test func eventForAnUnknownStore() throws {
        var root = try exportObject()
        guard case .array(var events)? = root["events"], case .object(var event) = events[4] else { return }
        event["store"] = .number(7)
        events[4] = .object(event)
        root["events"] = .array(events)
        try expectImport(try data(root), fails: .unknownStore(id: 7, eventSequence: 5))
    }

    @Test func duplicateStoreID() throws {
        var root = try exportObject()
        guard case .array(let stores)? = root["stores"] else { return }
        root["stores"] = .array(stores + stores)
        try expectImport(try data(root), fails: .duplicateStoreID(0))
    }

    @Test func eventsOutOfOrder() throws {
        var root = try exportObject()
        guard case .array(var events)? = root["events"] else { return }
        events.swapAt(2, 3)
        root["events"] = .array(events)
        try expectImport(try data(root), fails: .eventsOutOfOrder(sequence: 3))
    }

    @Test func stateThatDoesNotDecode() throws {
        var root = try exportObject()
        guard case .array(var events)? = root["events"], case .object(var event) = events[5] else { return }
        event["value"] = .object(["count": .string("six")])
        events[5] = .object(event)
        root["events"] = .array(events)
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        #expect {
            try timeTravel.import(try data(root))
        } throws: { error in
            guard case .stateDoesNotDecode(let name, let sequence, let reason) = error as? TimeTravelImportError
            else { return false }
            return name == "Counter" && sequence == 6 && reason.contains("count")
        }
        #expect(timeTravel.mode == .idle)
        #expect(!store.hooks.isHoldingInput)

        // Without a registered store of that name, states are not decoded: the import works.
        try TimeTravel().import(try data(root))
    }

    @Test func initialStateThatDoesNotDecode() throws {
        var root = try exportObject()
        guard case .array(var stores)? = root["stores"], case .object(var entry) = stores[0] else { return }
        entry["initialState"] = .array([])
        stores[0] = .object(entry)
        root["stores"] = .array(stores)
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        #expect {
            try timeTravel.import(try data(root))
        } throws: { error in
            guard case .stateDoesNotDecode("Counter", nil, _) = error as? TimeTravelImportError else { return false }
            return true
        }
        #expect(!store.hooks.isHoldingInput)
    }

    @Test func errorsNameWhatIsWrong() {
        #expect(
            TimeTravelImportError.unknownStore(id: 7, eventSequence: 5).description
                == "Event 5 refers to unknown store 7")
        #expect(TimeTravelImportError.unsupportedVersion(3).description.contains("version 3"))
    }

    @Test func tenThousandRandomMutationsGiveOnlyTypedErrors() throws {
        let valid = Array(try recordedExport())
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        var random = SplitMix(seed: 0x5EED)
        var failures = 0
        var successes = 0
        let alphabet = Array("{}[]\",:0123456789-.eEtrufalsn \\x".utf8)
        for _ in 0..<10_000 {
            var bytes = valid
            for _ in 0..<(1 + random.next(below: 4)) {
                let position = random.next(below: bytes.count)
                switch random.next(below: 5) {
                case 0: bytes[position] = alphabet[random.next(below: alphabet.count)]
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(alphabet[random.next(below: alphabet.count)], at: position)
                case 3:
                    let end = Swift.min(bytes.count, position + random.next(below: 40))
                    bytes.removeSubrange(position..<end)
                default: bytes[position] = UInt8(truncatingIfNeeded: random.next(below: 256))
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
            }
            do {
                try timeTravel.import(Data(bytes))
                successes += 1
                #expect(timeTravel.mode == .stopped)
                timeTravel.cancel()
            } catch {
                failures += 1  // typed: TimeTravelImportError
                #expect(!error.description.isEmpty)
            }
            #expect(timeTravel.mode == .idle)
        }
        #expect(failures + successes == 10_000)
        #expect(failures > 5_000)
        store.send(.add(1))
        #expect(store.state.count == 1)
    }
}
