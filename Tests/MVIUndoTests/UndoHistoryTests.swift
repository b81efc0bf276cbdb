import Foundation
import MVI
import MVIUndo
import Testing

/// The history as a value: steps, groups, the limit, redo, equality and saving.
@Suite struct UndoHistoryTests {
    @Test func eachChangeIsAStepUndoneAndRedoneInOrder() {
        var history = UndoHistory(0)
        history.record(1)
        history.record(2)
        history.modify { $0 += 1 }
        #expect(history.value == 3)
        #expect(history.undoCount == 3)
        history.undo()
        history.undo()
        #expect(history.value == 1)
        #expect(history.redoCount == 2)
        history.redo()
        #expect(history.value == 2)
        history.undo()
        history.undo()
        history.undo()  // nothing left: stays
        #expect(history.value == 0)
        #expect(!history.canUndo)
        history.redo()
        history.redo()
        history.redo()
        history.redo()  // nothing left: stays
        #expect(history.value == 3)
        #expect(!history.canRedo)
    }

    @Test func aChangeAfterAnUndoForgetsWhatCouldBeRedone() {
        var history = UndoHistory("a")
        history.record("ab")
        history.undo()
        history.record("ac")
        #expect(!history.canRedo)
        history.undo()
        #expect(history.value == "a")
    }

    @Test func changesInOneOpenGroupMakeOneStep() {
        var history = UndoHistory("")
        history.record("h", group: .typing)
        history.record("he", group: .typing)
        history.record("hel", group: .typing)
        #expect(history.undoCount == 1)
        // A pause closes the group: the next keystroke starts a new step.
        history.closeGroup()
        history.record("hell", group: .typing)
        history.record("hello", group: .typing)
        // Another group, or none, starts a new step too.
        history.record("hello!", group: UndoGroup("punctuation"))
        history.record("Hello!")
        #expect(history.undoCount == 4)
        history.undo()
        #expect(history.value == "hello!")
        history.undo()
        #expect(history.value == "hello")
        history.undo()
        #expect(history.value == "hel")
        history.undo()
        #expect(history.value == "")
    }

    @Test func anUndoClosesTheGroupSoTypingAfterItIsANewStep() {
        var history = UndoHistory("")
        history.record("a", group: .typing)
        history.record("ab", group: .typing)
        history.undo()
        history.record("x", group: .typing)
        history.record("xy", group: .typing)
        #expect(history.undoCount == 1)
        history.undo()
        #expect(history.value == "")
    }

    @Test func anEqualValueIsNoStep() {
        var history = UndoHistory(5)
        history.record(5)
        history.modify { $0 += 0 }
        #expect(!history.canUndo)
    }

    @Test func theOldestStepsAreForgottenPastTheLimit() {
        var history = UndoHistory(0, limit: 3)
        for value in 1...10 { history.record(value) }
        #expect(history.undoCount == 3)
        history.undo()
        history.undo()
        history.undo()
        history.undo()
        #expect(history.value == 7)
        #expect(UndoHistory(0, limit: 0).limit == 1)
    }

    @Test func clearingKeepsTheValueAndForgetsTheSteps() {
        var history = UndoHistory(1)
        history.record(2)
        history.record(3)
        history.undo()
        history.clear()
        #expect(history.value == 2)
        #expect(!history.canUndo && !history.canRedo)
    }

    @Test func historiesAreEqualWhenTheirValuesAndStepsAre() {
        var a = UndoHistory("x")
        var b = UndoHistory("x")
        #expect(a == b)
        a.record("y")
        b.record("y")
        #expect(a == b)
        b.undo()
        b.redo()
        #expect(a == b)
        b.undo()
        #expect(a != b)
        // The same value reached by a different history is a different state.
        #expect(UndoHistory("y") != a)
    }

    @Test func aHistoryIsSavedAndRestoredWithItsSteps() throws {
        var history = UndoHistory("one", limit: 10)
        history.record("two", group: .typing)
        history.record("three")
        history.undo()
        let data = try JSONEncoder().encode(history)
        var restored = try JSONDecoder().decode(UndoHistory<String>.self, from: data)
        #expect(restored == history)
        restored.redo()
        #expect(restored.value == "three")
        restored.undo()
        restored.undo()
        #expect(restored.value == "one")
    }
}

/// The value written through a key path: by a `StateBinding`, or in place.
@Suite struct UndoHistoryWritesTests {
    struct Draft: Equatable, Sendable {
        var title = ""
        var tags: [String] = []
    }

    struct State: Equatable, Sendable {
        var draft = UndoHistory(Draft())
    }

    @Test func aWriteThroughTheValueIsAStep() {
        var state = State()
        state.draft.value.title = "Notes"
        state.draft.value.tags.append("work")
        state.draft.value.title = "Notes"  // equal: no step
        #expect(state.draft.undoCount == 2)
        state.draft.undo()
        #expect(state.draft.value == Draft(title: "Notes"))
        state.draft.undo()
        #expect(state.draft.value == Draft())
    }

    @Test func aStateBindingWritesAStep() {
        var state = State()
        StateBinding<State>.set(\.draft.value.title, "Plan").apply(to: &state)
        #expect(state.draft.value.title == "Plan")
        state.draft.undo()
        #expect(state.draft.value.title == "")
        #expect(state.draft.canRedo)
    }
}
