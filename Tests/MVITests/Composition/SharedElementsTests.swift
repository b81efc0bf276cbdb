import MVI
import MVIFixtures
import MVITesting
import Testing

/// One note of a notebook: the element screens share.
struct Note: Identifiable, Equatable, Sendable {
    var id: Int
    var text: String
}

/// A screen that edits one note, and whose async work saves it.
struct NoteEditor: Feature {
    struct State: Equatable, Sendable {
        var note: Note
        var isSaving = false
    }

    enum Intent: Sendable, Equatable {
        case type(String)
        case save
    }

    enum Message: Sendable, Equatable {
        case typed(String)
        case saving
        case saved(String)
    }

    /// The test's gate (``Fakes``), or one that never opens.
    var server: Gate<String> { Fakes.value() ?? Gate() }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .typed(let text): state.note.text = text
        case .saving: state.isSaving = true
        case .saved(let text):
            state.note.text = text
            state.isSaving = false
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .type(let text): context.dispatch(.typed(text))
        case .save:
            context.dispatch(.saving)
            context.run(id: "save") { [server] work in
                let text = await server.wait()
                try Task.checkCancellation()
                await work.dispatch(.saved(text))
            }
        }
    }
}

/// A notebook: the notes, a stack of screens showing them, a preview and a sheet.
struct Notebook: Feature {
    enum Screen: Equatable, Sendable {
        case editor(NoteEditor.State)
        case viewer(Note)
    }

    enum Sheet: Equatable, Sendable {
        case edit(NoteEditor.State)
        case about
    }

    struct State: Equatable, Sendable {
        var notes: [Note] = []
        var path = DestinationStack<Screen>()
        var preview: NoteEditor.State?
        var sheet: Sheet?
    }

    enum Intent: Sendable, Equatable {
        case add(Note), rename(Int, String), delete(Int), push(Screen), preview(Int), sheet(Sheet?)
        case path(Int, NoteEditor.Intent)
    }

    enum Message: Sendable, Equatable {
        case added(Note), renamed(Int, String), deleted(Int), pushed(Screen), previewed(Int), sheetShown(Sheet?)
        case path(Int, NoteEditor.Message)
    }

    static let sharedElements: [SharedElements<State>] = [
        SharedElements(
            \.notes,
            copiedIn: .each(in: \.path, case: Screen.editor, at: \.note),
            .each(in: \.path, case: Screen.viewer, at: \.self),
            .one(at: \.preview, \.note),
            .one(at: \.sheet, case: Sheet.edit, at: \.note))
    ]

    static let path = child(
        NoteEditor(), .each(\.path, Screen.editor), intent: Intent.path, message: Message.path)
    static let childScopes: [any ChildScopeRoute<Self>] = [path]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let note): state.notes.append(note)
        case .renamed(let id, let text):
            if let index = state.notes.firstIndex(where: { $0.id == id }) { state.notes[index].text = text }
        case .deleted(let id): state.notes.removeAll { $0.id == id }
        case .pushed(let screen): state.path.push(screen)
        case .previewed(let id): state.preview = state.notes.first { $0.id == id }.map { .init(note: $0) }
        case .sheetShown(let sheet): state.sheet = sheet
        case .path: break  // the editors': routed by their scope
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let note): context.dispatch(.added(note))
        case .rename(let id, let text): context.dispatch(.renamed(id, text))
        case .delete(let id): context.dispatch(.deleted(id))
        case .push(let screen): context.dispatch(.pushed(screen))
        case .preview(let id): context.dispatch(.previewed(id))
        case .sheet(let sheet): context.dispatch(.sheetShown(sheet))
        case .path: break  // the editors': routed by their scope
        }
    }
}

/// A notebook inside a window: shared elements are kept when their feature is a child.
struct NotebookWindow: Feature {
    struct State: Equatable, Sendable {
        var notebook = Notebook.State()
    }

    enum Intent: Sendable, Equatable { case notebook(Notebook.Intent) }

    enum Message: Sendable, Equatable { case notebook(Notebook.Message) }

    static let notebook = child(Notebook(), .at(\.notebook), intent: Intent.notebook, message: Message.notebook)
    static let childScopes: [any ChildScopeRoute<Self>] = [notebook]

    /// Every message is the notebook's, routed by its scope.
    static func reduce(_ state: inout State, _ message: Message) {}

    /// Every intent is the notebook's, routed by its scope.
    func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
}

@Suite(.timeLimit(.minutes(5))) struct SharedElementsTests {
    let first = Note(id: 1, text: "first")
    let second = Note(id: 2, text: "second")

    func notebook(server: Gate<String> = Gate()) -> Store<Notebook> {
        let store = Store(Notebook(), initialState: .init(notes: [first, second]), environment: Fakes(server))
        store.send(.push(.editor(.init(note: first))))
        store.send(.push(.viewer(first)))
        store.send(.push(.editor(.init(note: second))))
        return store
    }

    @Test func anEditOnAScreenIsAnEditOfTheListAndOfEveryOtherScreen() {
        let store = notebook()
        store.send(.preview(1))
        store.send(.sheet(.edit(.init(note: first))))
        store.send(.path(0, .type("edited")))
        let edited = Note(id: 1, text: "edited")
        #expect(store.state.notes == [edited, second])
        #expect(
            store.state.path.states == [.editor(.init(note: edited)), .viewer(edited), .editor(.init(note: second))])
        #expect(store.state.preview == .init(note: edited))
        #expect(store.state.sheet == .edit(.init(note: edited)))
    }

    @Test func aChangeToTheListReachesEveryScreenShowingTheElement() {
        let store = notebook()
        store.send(.preview(2))
        store.send(.rename(2, "renamed"))
        let renamed = Note(id: 2, text: "renamed")
        #expect(store.state.notes == [first, renamed])
        #expect(
            store.state.path.states == [.editor(.init(note: first)), .viewer(first), .editor(.init(note: renamed))])
        #expect(store.state.preview == .init(note: renamed))
    }

    @Test func removingTheElementClosesItsScreensAndEndsTheirWork() async {
        let server = Gate<String>()
        let store = notebook(server: server)
        store.send(.preview(2))
        store.send(.sheet(.edit(.init(note: second))))
        store.send(.path(2, .save))
        #expect(store.runningTaskCount == 1)
        store.send(.delete(2))
        #expect(store.state.notes == [first])
        #expect(store.state.path.states == [.editor(.init(note: first)), .viewer(first)])
        #expect(store.state.preview == nil)
        #expect(store.state.sheet == nil)
        #expect(store.runningTaskCount == 0)
        server.open("too late")
        await store.waitForIdle()
        #expect(store.state.notes == [first])
    }

    @Test func aScreenOfARemovedElementIsPoppedWithTheScreensAboveIt() {
        let store = notebook()
        store.send(.delete(1))
        #expect(store.state.notes == [second])
        #expect(store.state.path.count == 0)
    }

    @Test func aScreensAsyncResultIsWrittenToTheList() async {
        let server = Gate<String>()
        let store = notebook(server: server)
        store.send(.path(0, .save))
        server.open("from the server")
        await store.waitForIdle()
        let saved = Note(id: 1, text: "from the server")
        #expect(store.state.notes == [saved, second])
        #expect(store.state.path[child: 1] == .viewer(saved))
    }

    @Test func aFeatureKeepsItsSharedElementsAsAChild() {
        let store = Store(NotebookWindow(), initialState: .init(notebook: .init(notes: [first])))
        store.send(.notebook(.push(.editor(.init(note: first)))))
        store.send(.notebook(.path(0, .type("edited"))))
        #expect(store.state.notebook.notes == [Note(id: 1, text: "edited")])
    }

    @Test func otherPlacesAndOtherElementsAreLeftAlone() {
        let store = notebook()
        store.send(.sheet(.about))
        store.send(.path(2, .type("edited")))
        #expect(store.state.sheet == .about)
        #expect(store.state.notes == [first, Note(id: 2, text: "edited")])
        #expect(store.state.path[child: 1] == .viewer(first))
    }

    @Test func aChangeFromAnotherStoreReachesTheCopies() async {
        let notes = Shared([first, second])
        let store = Store(Notebook(), initialState: .init(), sharing: [.init(\.notes, notes)])
        store.send(.push(.viewer(first)))
        store.send(.preview(1))
        notes.withLock { $0[0].text = "from elsewhere" }
        await store.waitForIdle()
        let changed = Note(id: 1, text: "from elsewhere")
        #expect(store.state.path.states == [.viewer(changed)])
        #expect(store.state.preview == .init(note: changed))
        // And back: an edit on a screen reaches the shared value.
        store.send(.push(.editor(.init(note: changed))))
        store.send(.path(1, .type("edited")))
        #expect(notes.value[0].text == "edited")
    }

    @Test func aTestAssertsOneSideAndTheOtherFollows() async {
        let store = TestStore(Notebook(), initialState: .init(notes: [first]))
        await store.send(.push(.editor(.init(note: first)))) {
            $0.path.push(.editor(.init(note: self.first)))
        }
        await store.send(.path(0, .type("edited"))) {
            // The copy on the screen is asserted; the list's element follows.
            $0.path[child: 0] = .editor(.init(note: Note(id: 1, text: "edited")))
        }
        await store.send(.rename(1, "renamed")) {
            // The list's element is asserted; the screen's copy follows.
            $0.notes[0].text = "renamed"
        }
        await store.finish()
    }
}
