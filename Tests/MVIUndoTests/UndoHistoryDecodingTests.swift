import Foundation
import MVIUndo
import Testing

/// A saved history is decoded only if this type could have made it: a file that says
/// otherwise is a `DecodingError`, not a crash at the first change or an undo that never works.
@Suite struct UndoHistoryDecodingTests {
    /// Decodes `json` as a history of integers.
    func decode(_ json: String) throws -> UndoHistory<Int> {
        try JSONDecoder().decode(UndoHistory<Int>.self, from: Data(json.utf8))
    }

    /// The error decoding `json` throws, which must be `dataCorrupted` at the field `key`.
    func expectCorrupted(_ json: String, at key: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let history = try decode(json)
            Issue.record("decoded \(history) from \(json)", sourceLocation: sourceLocation)
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == [key], sourceLocation: sourceLocation)
            #expect(!context.debugDescription.isEmpty, sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected dataCorrupted at \(key), got \(error)", sourceLocation: sourceLocation)
        }
    }

    /// A limit below one crashed the first `record` (-1, `Int.min`) or kept no step to undo
    /// (0); `init` makes such a limit one, and a file cannot bring it back.
    @Test(arguments: [-1, Int.min, 0, -100])
    func aLimitBelowOneIsRefused(limit: Int) {
        expectCorrupted(#"{"current": 1, "limit": \#(limit), "past": [0], "future": []}"#, at: "limit")
    }

    @Test func moreStepsThanTheLimitAreRefused() {
        expectCorrupted(#"{"current": 3, "limit": 2, "past": [0, 1, 2], "future": []}"#, at: "past")
        // Steps to redo come back to the past: together they stay within the limit.
        expectCorrupted(#"{"current": 3, "limit": 2, "past": [0, 1], "future": [4]}"#, at: "past")
        expectCorrupted(#"{"current": 3, "limit": 2, "past": [], "future": [4, 5, 6]}"#, at: "past")
        expectCorrupted(#"{"current": 3, "limit": 1, "past": [0], "future": [1]}"#, at: "past")
    }

    /// An open group belongs to a step in progress: one that can be undone, with nothing to redo.
    @Test func anOpenGroupWithoutAStepInProgressIsRefused() {
        expectCorrupted(
            #"{"current": 3, "limit": 5, "past": [], "future": [], "openGroup": {"name": "typing"}}"#,
            at: "openGroup")
        expectCorrupted(
            #"{"current": 3, "limit": 5, "past": [1], "future": [4], "openGroup": {"name": "typing"}}"#,
            at: "openGroup")
    }

    /// Every history the type makes decodes back equal, and keeps working as the original.
    @Test func everyHistoryTheTypeMakesDecodesBack() throws {
        var history = UndoHistory(0, limit: 3)
        var histories = [history]
        for step in 1...5 {
            history.record(step, group: step.isMultiple(of: 2) ? .typing : nil)
            histories.append(history)
        }
        history.undo()
        history.undo()
        history.undo()
        histories.append(history)
        history.redo()
        histories.append(history)
        history.record(10, group: .typing)
        history.record(11, group: .typing)
        histories.append(history)
        history.clear()
        histories.append(history)
        histories.append(UndoHistory(7, limit: 1))
        histories.append(UndoHistory(7, limit: Int.max))
        for original in histories {
            var decoded = try JSONDecoder().decode(UndoHistory<Int>.self, from: JSONEncoder().encode(original))
            #expect(decoded == original)
            var copy = original
            for change in [20, 21, 21, 22] {
                decoded.record(change, group: .typing)
                copy.record(change, group: .typing)
                decoded.undo()
                copy.undo()
                #expect(decoded == copy)
            }
        }
    }

    /// The largest limit is a limit like any other.
    @Test func theLargestLimitKeepsItsSteps() throws {
        var history = try decode(#"{"current": 1, "limit": \#(Int.max), "past": [0], "future": [2]}"#)
        history.redo()
        #expect(history.value == 2)
        history.record(3)
        #expect(history.undoCount == 3)
    }
}

/// The sample of UndoingChanges.md's "Why state, not a recording", compiled and run.
@Suite struct UndoingChangesArticleDecodingTests {
    @Test func theSampleRefusesALimitOfMinusOne() throws {
        let saved = #"{"current": "draft", "limit": -1, "past": [], "future": []}"#
        var printed: [String] = []
        do {
            _ = try JSONDecoder().decode(UndoHistory<String>.self, from: Data(saved.utf8))
        } catch DecodingError.dataCorrupted(let context) {
            printed.append(context.debugDescription)  // The limit of an undo history is at least 1, not -1
        }
        #expect(printed == ["The limit of an undo history is at least 1, not -1"])
    }
}
