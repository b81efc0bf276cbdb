import Foundation
import FuzzSupport
import MVIStateKeeper
import MVIUndo

/// A saved state holding an undo history, as an app keeps a document's.
struct Document: Codable, Sendable, Equatable {
    var text: UndoHistory<String>
}

/// One input: the JSON of an `UndoHistory<String>`, as a saved state or a recording holds it.
///
/// Decodes it with `JSONDecoder`, and through a `StateKeeper` restore of a `Document` whose
/// `text` it is. Either it decodes and is a history the type could have made, which the
/// input's bytes then drive through `record`, `undo`, `redo`, `closeGroup` and `clear`, checking
/// after each what the type promises; or decoding throws, and the keeper moves the saved state
/// aside and starts from the initial one. A crash, a trap or a broken invariant is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUndoHistory(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = if let start, count > 0 { Array(UnsafeBufferPointer(start: start, count: count)) } else { [UInt8]() }

    if let history = try? JSONDecoder().decode(UndoHistory<String>.self, from: Data(bytes)) {
        exercise(history, script: bytes)
    }

    // The same history inside a saved state, restored by a keeper.
    let initial = Document(text: UndoHistory("initial"))
    let saved = Array(#"{"version":1,"state":{"text":"#.utf8) + bytes + Array("}}".utf8)
    let storage = InMemoryStateStorage(["document": saved])
    let keeper = StateKeeper<Document, Document>(storage: storage, key: "document")
    do {
        if let document = try keeper.load() {
            exercise(document.text, script: bytes)
        } else {
            violated("a saved state loaded as nothing")
        }
    } catch {
        if error.description.isEmpty { violated("a load error without a description") }
        guard let moved = error.movedAsideTo else { violated("an unreadable history was not moved aside: \(error)") }
        if storage.load(moved) != saved { violated("the bytes moved aside are not the bytes read") }
        if keeper.restoredState(or: initial) != initial {
            violated("restoring after a failure did not give the initial state")
        }
    }
    return 0
}

/// Checks what holds for every history, whatever was done to it.
func checkInvariants(_ history: UndoHistory<String>, _ step: String) {
    if history.limit < 1 { violated("\(step): limit \(history.limit) below one") }
    if history.undoCount < 0 || history.redoCount < 0 { violated("\(step): a negative count") }
    if history.undoCount > history.limit - history.redoCount {
        violated(
            "\(step): \(history.undoCount) to undo and \(history.redoCount) to redo, past the limit \(history.limit)")
    }
    if history.canUndo != (history.undoCount > 0) || history.canRedo != (history.redoCount > 0) {
        violated("\(step): canUndo or canRedo disagrees with the counts")
    }
}

/// Drives `history` with one operation per byte of `script` (the first 64), checking each.
func exercise(_ start: UndoHistory<String>, script: [UInt8]) {
    var history = start
    checkInvariants(history, "decoded")
    roundTrip(history, "decoded")
    for (index, byte) in script.prefix(64).enumerated() {
        let before = history
        let newValue = "v\(index)"
        switch byte % 6 {
        case 0, 1:
            let group: UndoGroup? = byte % 6 == 0 ? nil : .typing
            history.record(newValue, group: group)
            checkInvariants(history, "record")
            if newValue == before.value {
                if history != before { violated("recording the value it holds changed the history") }
                continue
            }
            if history.value != newValue || history.canRedo { violated("record left \(history)") }
            let grew = Swift.min(before.undoCount + 1, history.limit)
            if group == nil, history.undoCount != grew {
                violated("record: \(history.undoCount) steps to undo after \(before.undoCount), limit \(history.limit)")
            }
            if history.undoCount != grew, history.undoCount != before.undoCount { violated("record in a group") }
            // The change is undone at once.
            var undone = history
            undone.undo()
            if undone.redoCount != 1 || undone.undoCount != history.undoCount - 1 {
                violated("undoing a change left \(undone)")
            }
        case 2:
            history.undo()
            checkInvariants(history, "undo")
            if before.canUndo {
                if history.undoCount != before.undoCount - 1 || history.redoCount != before.redoCount + 1 {
                    violated("undo moved no step")
                }
                var redone = history
                redone.redo()
                if redone.value != before.value { violated("redo after undo did not bring the value back") }
            } else if history != before {
                violated("undo with nothing to undo changed the history")
            }
        case 3:
            history.redo()
            checkInvariants(history, "redo")
            if before.canRedo {
                if history.undoCount != before.undoCount + 1 || history.redoCount != before.redoCount - 1 {
                    violated("redo moved no step")
                }
                var undone = history
                undone.undo()
                if undone.value != before.value { violated("undo after redo did not bring the value back") }
            } else if history != before {
                violated("redo with nothing to redo changed the history")
            }
        case 4:
            history.closeGroup()
            checkInvariants(history, "closeGroup")
            if history.value != before.value || history.undoCount != before.undoCount { violated("closeGroup") }
        default:
            history.clear()
            checkInvariants(history, "clear")
            if history.value != before.value || history.canUndo || history.canRedo { violated("clear") }
        }
    }
    roundTrip(history, "after the script")
}

/// What a history encodes decodes back equal.
func roundTrip(_ history: UndoHistory<String>, _ step: String) {
    do {
        let decoded = try JSONDecoder().decode(UndoHistory<String>.self, from: JSONEncoder().encode(history))
        if decoded != history { violated("\(step): a history does not encode and decode back the same") }
    } catch {
        violated("\(step): a history does not encode and decode back: \(error)")
    }
}

/// Runs libFuzzer on ``fuzzUndoHistory(_:_:)``, or writes the seeds (see `runFuzzer`).
@main
enum FuzzUndoHistoryMain {
    static func main() {
        runFuzzer(fuzzUndoHistory, writeSeeds: writeSeeds(to:))
    }
}

/// Writes the seed corpus: histories the type makes, and the hostile ones that crashed it.
func writeSeeds(to directory: URL) {
    func write(_ name: String, _ bytes: Data) {
        do {
            try bytes.write(to: directory.appendingPathComponent("\(name).json"))
        } catch {
            violated("writing seed \(name): \(error)")
        }
    }
    func save(_ name: String, _ history: UndoHistory<String>) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            write(name, try encoder.encode(history))
        } catch {
            violated("encoding seed \(name): \(error)")
        }
    }
    save("fresh", UndoHistory(""))
    var typing = UndoHistory("", limit: 3)
    for text in ["h", "he", "hel"] { typing.record(text, group: .typing) }
    save("typing", typing)
    var steps = UndoHistory("a", limit: 4)
    for text in ["b", "c", "d", "e", "f"] { steps.record(text) }
    steps.undo()
    steps.undo()
    save("undone", steps)
    save("limit-one", UndoHistory("\"quoted\" \u{1F4DD}", limit: 1))
    // Written by hand: what the type never makes, and used to crash it or break undo.
    for (name, limit) in [("limit-negative", "-1"), ("limit-min", "\(Int.min)"), ("limit-zero", "0")] {
        write(name, Data(#"{"current":"b","future":[],"limit":\#(limit),"past":["a"]}"#.utf8))
    }
    write("past-over-limit", Data(#"{"current":"d","future":["e"],"limit":2,"past":["a","b","c"]}"#.utf8))
    write(
        "open-group-no-step",
        Data(#"{"current":"a","future":[],"limit":5,"openGroup":{"name":"typing"},"past":[]}"#.utf8))
}
