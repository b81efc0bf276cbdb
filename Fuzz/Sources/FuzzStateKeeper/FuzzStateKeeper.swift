import Foundation
import FuzzSupport
import MVI
import MVIStateKeeper

/// A saved state with the shapes apps save: numbers, strings, optionals, arrays, nested
/// values, dictionaries and an enum with payloads.
struct Notes: Codable, Sendable, Equatable {
    enum Filter: Codable, Sendable, Equatable {
        case all
        case tagged(String)
        case since(day: Int)
    }

    struct Note: Codable, Sendable, Equatable {
        var id: Int
        var text: String
        var pinned: Bool
        var score: Double?
    }

    var notes: [Note] = []
    var filter: Filter = .all
    var draft: String?
    var counts: [String: Int] = [:]
}

/// Version 1 of the same state, which a version-2 keeper migrates.
struct NotesV1: Codable, Sendable {
    var texts: [String]
}

/// One input: the bytes of a saved-state file, as `StateKeeper` reads them from its storage.
///
/// Loads them with a version-2 keeper that migrates version 1, through an in-memory storage
/// (the file storage reads the same bytes). Either the state loads, saves again and loads back
/// the same; or a typed `StateKeeperError` says why, and the bad bytes were moved aside, not
/// lost. A crash, a trap or a broken invariant is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateKeeper(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = if let start, count > 0 { Array(UnsafeBufferPointer(start: start, count: count)) } else { [UInt8]() }
    let storage = InMemoryStateStorage(["notes": bytes])
    let keeper = StateKeeper<Notes, Notes>(
        storage: storage, key: "notes", version: 2,
        migrate: { saved in
            switch saved.version {
            case 1:
                Notes(
                    notes: try saved.decode(NotesV1.self).texts.enumerated().map {
                        Notes.Note(id: $0.offset, text: $0.element, pinned: false, score: nil)
                    })
            default: nil
            }
        })

    let loaded: Notes?
    do {
        loaded = try keeper.load()
    } catch {
        if error.description.isEmpty { violated("a load error without a description") }
        // The bad bytes are kept: moved aside under another key, unchanged.
        guard let moved = error.movedAsideTo else { violated("unreadable bytes were not moved aside: \(error)") }
        if storage.load(moved) != bytes { violated("the bytes moved aside are not the bytes read") }
        if storage.load("notes") != nil { violated("unreadable bytes are still under their key") }
        // The store starts from its initial state.
        if keeper.restoredState(or: Notes(draft: "initial")) != Notes(draft: "initial") {
            violated("restoring after a failure did not give the initial state")
        }
        return 0
    }
    guard let loaded else { violated("saved bytes loaded as nothing") }

    // What loads saves again and loads back the same.
    do {
        try keeper.save(loaded)
        let reread = try StateKeeper<Notes, Notes>(storage: storage, key: "notes", version: 2).load()
        if reread != loaded { violated("a loaded state does not save and load back the same") }
    } catch {
        violated("a loaded state does not save and load back: \(error)")
    }
    return 0
}

/// Runs libFuzzer on ``fuzzStateKeeper(_:_:)``, or writes the seeds (see `runFuzzer`).
@main
enum FuzzStateKeeperMain {
    static func main() {
        runFuzzer(fuzzStateKeeper, writeSeeds: writeSeeds(to:))
    }
}

/// Writes the seed corpus: real saved files of `Notes`, versions 1 and 2.
func writeSeeds(to directory: URL) {
    func save<State: Codable & Sendable>(_ name: String, _ state: State, version: Int) {
        do {
            let storage = InMemoryStateStorage()
            try StateKeeper<State, State>(storage: storage, key: "notes", version: version).save(state)
            guard let bytes = storage.load("notes") else { violated("nothing saved for seed \(name)") }
            try Data(bytes).write(to: directory.appendingPathComponent("\(name).json"))
        } catch {
            violated("writing seed \(name): \(error)")
        }
    }
    save("empty", Notes(), version: 2)
    save(
        "full",
        Notes(
            notes: [
                .init(id: 1, text: "Buy milk", pinned: true, score: 0.5),
                .init(id: -2, text: "\"Quoted\" \u{1F4DD} \\ tab\tnewline\n", pinned: false, score: nil),
                .init(id: 9_007_199_254_740_993, text: "", pinned: false, score: -1e300),
            ],
            filter: .tagged("home"), draft: "half a thought", counts: ["home": 2, "work": 0]), version: 2)
    save("since", Notes(filter: .since(day: 20_000)), version: 2)
    save("version1", NotesV1(texts: ["old", "notes"]), version: 1)
}
