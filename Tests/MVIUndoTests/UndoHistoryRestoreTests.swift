import Foundation
import MVIStateKeeper
import MVIUndo
import Testing

/// A saved state holding a history this type could not have made is moved aside by the state
/// keeper, and the app starts from its initial state: it crashed at the first change on every
/// launch (a limit of -1 restored from the file).
@Suite struct UndoHistoryRestoreTests {
    struct Note: Codable, Equatable, Sendable {
        var text = UndoHistory("")
    }

    @Test(arguments: ["-1", "-9223372036854775808", "0"])
    func aSavedHistoryWithABadLimitIsMovedAsideAndTheAppStartsAfresh(limit: String) throws {
        let storage = InMemoryStateStorage()
        var saved = Note()
        saved.text.record("draft")
        try StateKeeper<Note, Note>(storage: storage, key: "note").save(saved)
        let bytes = try #require(storage.load("note"))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""limit":100"#), "\(text)")
        storage.save(
            Array(text.replacingOccurrences(of: #""limit":100"#, with: #""limit":\#(limit)"#).utf8), for: "note")

        let keeper = StateKeeper<Note, Note>(storage: storage, key: "note")
        var note = keeper.restoredState(or: Note())
        #expect(note == Note())
        #expect(storage.keys.contains { $0.hasPrefix("note.corrupt") }, "\(storage.keys)")
        // The first change and its undo work: it crashed here.
        note.text.record("hello")
        note.text.undo()
        #expect(note.text.value == "")
        #expect(note.text.canRedo)
    }
}
