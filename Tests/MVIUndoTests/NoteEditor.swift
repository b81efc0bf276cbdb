import MVI
import MVIUndo

/// The feature of the "Undoing changes" article (MVIUndo.docc): keep them in sync.
///
/// A note whose text can be undone: typing is grouped until a pause, a spell check runs as
/// async work after each edit, and saving posts a side effect.
struct NoteEditor: Feature {
    struct State: Equatable, Sendable {
        var text = UndoHistory("", limit: 50)
    }

    enum Intent: Equatable, Sendable { case typed(String), undo, redo, save }
    enum Message: Equatable, Sendable { case typed(String), typingPaused, corrected(String), undo, redo }
    enum SideEffect: Equatable, Sendable { case saved(String) }

    static let pause = Duration.seconds(1)

    let clock: any Clock<Duration>
    let correct: @Sendable (String) async -> String

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .typed(let text): state.text.record(text, group: .typing)
        case .typingPaused: state.text.closeGroup()
        case .corrected(let text): state.text.record(text)
        case .undo: state.text.undo()
        case .redo: state.text.redo()
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .typed(let text):
            context.dispatch(.typed(text))
            // A pause of a second ends the burst: the next keystroke is a new undo step.
            context.debounce(id: "pause", for: Self.pause, clock: clock) { work in
                await work.dispatch(.typingPaused)
                await work.dispatch(.corrected(await correct(text)))
            }
        case .undo: context.dispatch(.undo)
        case .redo: context.dispatch(.redo)
        case .save: context.post(.saved(context.state.text.value))
        }
    }
}
