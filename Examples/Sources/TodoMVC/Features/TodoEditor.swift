import MVI

/// The input line: adds a todo, edits one, or types a search. It knows nothing of the list;
/// it says what was typed and how it ended with side effects, which the list turns into its
/// own intents.
public struct TodoEditor: Feature {
    /// What the text is for.
    public enum Purpose: Sendable, Equatable, Codable {
        /// A new todo.
        case add
        /// A new title for the todo with this id.
        case edit(Int)
        /// A search of the titles.
        case search
    }

    /// The line being typed.
    public struct State: Equatable, Sendable, Codable {
        /// What the text is for.
        public var purpose: Purpose
        /// The text typed so far.
        public var text: String

        /// Creates an editor state.
        public init(purpose: Purpose, text: String = "") {
            self.purpose = purpose
            self.text = text
        }
    }

    /// Keys typed into the line.
    public enum Intent: Sendable, Equatable, Codable {
        /// Appends text (a typed character, or a pasted run of them).
        case insert(String)
        /// Removes the last character.
        case backspace
        /// Enter: done with this text.
        case submit
        /// Escape: give up.
        case cancel
    }

    /// The one change the editor makes to its own state.
    public enum Message: Sendable, Equatable, Codable {
        /// The text is now this.
        case textChanged(String)
    }

    /// How the editor ended.
    public enum Outcome: Sendable, Equatable, Codable {
        /// Enter was pressed with this text.
        case submitted(Purpose, String)
        /// Escape was pressed.
        case cancelled(Purpose)
    }

    /// What the editor tells its parent.
    public enum SideEffect: Sendable, Equatable {
        /// The text changed (a search reacts while it is typed).
        case changed(Purpose, String)
        /// The editor is done.
        case finished(Outcome)
    }

    /// Creates the editor feature.
    public init() {}

    /// Applies the editor's message.
    public static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .textChanged(let text): state.text = text
        }
    }

    /// Turns keys into text changes and the editor's end into side effects.
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        let state = context.state
        switch intent {
        case .insert(let text):
            change(to: state.text + text, state, context)
        case .backspace:
            guard !state.text.isEmpty else { return }
            change(to: String(state.text.dropLast()), state, context)
        case .submit:
            context.post(.finished(.submitted(state.purpose, state.text)))
        case .cancel:
            context.post(.finished(.cancelled(state.purpose)))
        }
    }

    private func change(to text: String, _ state: State, _ context: StoreContext<Self>) {
        context.dispatch(.textChanged(text))
        context.post(.changed(state.purpose, text))
    }
}
