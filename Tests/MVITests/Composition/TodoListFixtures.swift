import MVI
import MVIFixtures

/// A row of a list: a child feature with async work and a side effect.
struct TodoRow: Feature {
    struct State: Equatable, Sendable {
        var title = ""
        var isDone = false
        var isSaving = false
    }

    enum Intent: Sendable, Equatable {
        case toggle
        case rename(String)
        case save
    }

    enum Message: Sendable, Equatable {
        case toggled
        case renamed(String)
        case saving(Bool)
    }

    enum SideEffect: Sendable, Equatable {
        case saved(String)
    }

    /// The test's gate (``Fakes``), or one that never opens.
    var server: Gate<Void> { Fakes.value() ?? Gate() }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .toggled: state.isDone.toggle()
        case .renamed(let title): state.title = title
        case .saving(let saving): state.isSaving = saving
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .toggle: context.dispatch(.toggled)
        case .rename(let title): context.dispatch(.renamed(title))
        case .save:
            context.dispatch(.saving(true))
            context.run(id: "save", cancelInFlight: true) { [server] work in
                await server.wait()
                await work.dispatch(.saving(false))
                await work.post(.saved(work.state.title))
            }
        }
    }
}

/// An editor sheet: an optional child whose side effect the parent turns into an intent.
struct TodoEditor: Feature {
    struct State: Equatable, Sendable {
        var draft = ""
    }

    enum Intent: Sendable, Equatable {
        case type(String)
        case loadSuggestion
        case submit
    }

    enum Message: Sendable, Equatable {
        case typed(String)
    }

    enum SideEffect: Sendable, Equatable {
        case submitted(String)
    }

    /// The test's gate (``Fakes``), or one that never opens.
    var suggestions: Gate<String> { Fakes.value() ?? Gate() }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .typed(let text): state.draft = text
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .type(let text): context.dispatch(.typed(text))
        case .submit: context.post(.submitted(context.state.draft))
        case .loadSuggestion:
            context.run { [suggestions] work in
                await work.dispatch(.typed(await suggestions.wait()))
            }
        }
    }
}

/// The parent: a collection of rows and an optional editor, one line per child in each place.
struct TodoList: Feature {
    struct State: Equatable, Sendable {
        var rows: [Int: TodoRow.State] = [:]
        var editor: TodoEditor.State?
    }

    enum Intent: Sendable, Equatable {
        case add(Int, String)
        case remove(Int)
        case openEditor
        case closeEditor
        case rows(Int, TodoRow.Intent)
        case editor(TodoEditor.Intent)
    }

    enum Message: Sendable, Equatable {
        case added(Int, String)
        case removed(Int)
        case editorOpened
        case editorClosed
        case rows(Int, TodoRow.Message)
        case editor(TodoEditor.Message)
    }

    enum SideEffect: Sendable, Equatable {
        case rowSaved(Int, String)
    }

    static let rows = child(
        TodoRow(), .each(\.rows), intent: Intent.rows, message: Message.rows,
        sideEffects: { id, effect in
            switch effect {
            case .saved(let title): .post(.rowSaved(id, title))
            }
        })
    static let editor = child(
        TodoEditor(), .optional(\.editor), intent: Intent.editor, message: Message.editor,
        sideEffects: { effect in
            switch effect {
            case .submitted(let text): .send(.add(99, text))
            }
        })
    static let childScopes: [any ChildScopeRoute<Self>] = [rows, editor]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let id, let title): state.rows[id] = .init(title: title)
        case .removed(let id): state.rows[id] = nil
        case .editorOpened: state.editor = .init()
        case .editorClosed: state.editor = nil
        case .rows, .editor: break  // the children's: routed by their scopes
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let id, let title): context.dispatch(.added(id, title))
        case .remove(let id):
            context.dispatch(.removed(id))
            context.cancelWork(of: Self.rows, id: id)
        case .openEditor: context.dispatch(.editorOpened)
        case .closeEditor:
            context.dispatch(.editorClosed)
            context.cancelWork(of: Self.editor)
        case .rows, .editor: break  // the children's: routed by their scopes
        }
    }
}
