import Clocks
import MVI
import MVITesting
import MVIUndo
import Testing

/// Undo and redo in a store: a burst of typing is one step, and undo takes back the state
/// alone: async work keeps running, side effects stay posted.
@Suite struct UndoingChangesTests {
    @Test func aBurstOfTypingIsUndoneAtOnce() async {
        let clock = TestClock()
        let store = TestStore(NoteEditor(clock: clock, correct: { $0 }), initialState: .init())
        await store.send(.typed("h")) { $0.text.record("h", group: .typing) }
        await store.send(.typed("hi")) { $0.text.record("hi", group: .typing) }
        await clock.advance(by: .seconds(1))
        await store.receive(.typingPaused) { $0.text.closeGroup() }
        await store.receive(.corrected("hi"))  // nothing to correct: no step
        await store.send(.typed("hi!")) { $0.text.record("hi!", group: .typing) }
        await clock.advance(by: .seconds(1))
        await store.receive(.typingPaused) { $0.text.closeGroup() }
        await store.receive(.corrected("hi!"))

        await store.send(.undo) { $0.text.undo() }
        #expect(store.state.text.value == "hi")
        await store.send(.undo) { $0.text.undo() }
        #expect(store.state.text.value == "")
        #expect(!store.state.text.canUndo)
        await store.send(.redo) { $0.text.redo() }
        await store.send(.redo) { $0.text.redo() }
        #expect(store.state.text.value == "hi!")
        await store.finish()
    }

    /// Undo does not cancel async work: the spell check of the text undone still arrives, and
    /// is a new step (what could be redone is forgotten).
    @Test func asyncWorkKeepsRunningAndItsResultIsANewStep() async {
        let clock = TestClock()
        let store = TestStore(
            NoteEditor(clock: clock, correct: { $0 == "teh" ? "the" : $0 }), initialState: .init())
        await store.send(.typed("teh")) { $0.text.record("teh", group: .typing) }
        await store.send(.undo) { $0.text.undo() }
        #expect(store.state.text.value == "")
        #expect(store.state.text.canRedo)
        await clock.advance(by: .seconds(1))
        await store.receive(.typingPaused)  // the undo closed the group already
        await store.receive(.corrected("the")) { $0.text.record("the") }
        #expect(store.state.text.value == "the")
        #expect(!store.state.text.canRedo)
        await store.send(.undo) { $0.text.undo() }
        #expect(store.state.text.value == "")
        await store.finish()
    }

    /// Undo does not take back a side effect: it was posted once, and undo posts none.
    @Test func sideEffectsStayPosted() async {
        let clock = TestClock()
        let store = TestStore(NoteEditor(clock: clock, correct: { $0 }), initialState: .init())
        await store.send(.typed("draft")) { $0.text.record("draft", group: .typing) }
        await store.send(.save)
        await store.receive(sideEffect: .saved("draft"))
        await store.send(.undo) { $0.text.undo() }
        await store.send(.redo) { $0.text.redo() }
        await clock.advance(by: .seconds(1))
        await store.receive(.typingPaused)
        await store.receive(.corrected("draft"))
        await store.finish()
    }

    /// Undo is a message: a store's time-travel replay of the same messages reaches the same
    /// state, history included.
    @Test func undoIsReducedLikeAnyMessage() {
        let messages: [NoteEditor.Message] = [
            .typed("a"), .typed("ab"), .typingPaused, .typed("abc"), .undo, .redo, .undo,
        ]
        var first = NoteEditor.State()
        var second = NoteEditor.State()
        for message in messages { NoteEditor.reduce(&first, message) }
        for message in messages { NoteEditor.reduce(&second, message) }
        #expect(first == second)
        #expect(first.text.value == "ab")
        #expect(first.text.redoCount == 1)
    }
}
