import Clocks
import MVI
import MVITesting
import OrderedCollections
import Testing
import TodoMVC

/// Every intent of the list, its rows and its editor, through `TestStore`.
@Suite(.timeLimit(.minutes(5)))
struct TodoListTests {
    static func feature(clock: TestClock<Duration> = TestClock(), fails: Bool = false) -> TodoList {
        TodoList(
            remote: TodoRemote(latency: .milliseconds(300), fails: fails, clock: clock), clock: clock,
            searchDelay: .milliseconds(250))
    }

    @Test func logsAndTimeTravelNameTheChildFromTheListsScopes() {
        #expect(
            ChildPath.name(of: TodoList.Intent.rows(3, .toggle), in: TodoList.self, inStore: "TodoList")
                == "TodoList/rows[3]")
        #expect(
            ChildPath.name(of: TodoList.Intent.editor(.backspace), in: TodoList.self, inStore: "TodoList")
                == "TodoList/editor")
        #expect(ChildPath.name(of: TodoList.Message.editorClosed, in: TodoList.self, inStore: "TodoList") == "TodoList")
    }

    static let three = TodoList.State(
        rows: [
            1: .init(id: 1, title: "Buy milk"), 2: .init(id: 2, title: "Walk the dog", isDone: true),
            3: .init(id: 3, title: "Write code"),
        ], selected: 1)

    @Test func addsATodoThroughTheEditor() async {
        let store = TestStore(Self.feature(), initialState: .init())
        await store.send(.startAdding) { $0.editor = .init(purpose: .add) }
        await store.send(.editor(.insert("Buy"))) { $0.editor?.text = "Buy" }
        await store.send(.editor(.insert(" milkk"))) { $0.editor?.text = "Buy milkk" }
        await store.send(.editor(.backspace)) { $0.editor?.text = "Buy milk" }
        await store.send(.editor(.submit))
        await store.receive(.added(id: 1, title: "Buy milk")) {
            $0.rows[1] = .init(id: 1, title: "Buy milk")
            $0.nextID = 2
            $0.selected = 1
        }
        await store.receive(.editorClosed) { $0.editor = nil }
        #expect(store.state.itemsLeft == 1)
        await store.finish()
    }

    @Test func blankTodosAreNotAddedAndEscapeCancels() async {
        let store = TestStore(Self.feature(), initialState: .init())
        await store.send(.startAdding) { $0.editor = .init(purpose: .add) }
        await store.send(.editor(.insert("  "))) { $0.editor?.text = "  " }
        await store.send(.editor(.submit))
        await store.receive(.editorClosed) { $0.editor = nil }
        await store.send(.startAdding) { $0.editor = .init(purpose: .add) }
        await store.send(.editor(.backspace))  // nothing to erase: no change
        await store.send(.editor(.cancel))
        await store.receive(.editorClosed) { $0.editor = nil }
        await store.finish()
    }

    @Test func editsTheSelectedTodoAndAnEmptyTitleDeletesIt() async {
        let store = TestStore(Self.feature(), initialState: Self.three)
        await store.send(.startEditing) { $0.editor = .init(purpose: .edit(1), text: "Buy milk") }
        await store.send(.editor(.insert(" and eggs"))) { $0.editor?.text = "Buy milk and eggs" }
        await store.send(.editor(.submit))
        await store.receive(.rows(1, .rename("Buy milk and eggs"))) { $0.rows[1]?.title = "Buy milk and eggs" }
        await store.receive(.editorClosed) { $0.editor = nil }

        await store.send(.startEditing) { $0.editor = .init(purpose: .edit(1), text: "Buy milk and eggs") }
        for _ in 0..<17 { await store.send(.editor(.backspace)) { $0.editor?.text.removeLast() } }
        await store.send(.editor(.submit))
        await store.receive(.deleted(1)) {
            $0.rows[1] = nil
            $0.selected = 2
        }
        await store.receive(.editorClosed) { $0.editor = nil }
        await store.finish()
    }

    @Test func movesTogglesDeletesAndClears() async {
        let store = TestStore(Self.feature(), initialState: Self.three)
        await store.send(.moveUp)  // already at the top: the message changes nothing
        await store.send(.moveDown) { $0.selected = 2 }
        await store.send(.toggleSelected) { $0.rows[2]?.isDone = false }
        await store.send(.rows(3, .toggle)) { $0.rows[3]?.isDone = true }
        #expect(store.state.itemsLeft == 2)
        await store.send(.clearCompleted) {
            $0.rows[3] = nil
        }
        await store.send(.clearCompleted)  // nothing completed: no message
        await store.send(.deleteSelected) {
            $0.rows[2] = nil
            $0.selected = 1
        }
        await store.send(.deleteSelected) {
            $0.rows[1] = nil
            $0.selected = nil
        }
        await store.send(.deleteSelected)  // nothing selected
        await store.send(.toggleSelected)
        await store.send(.startEditing)
        await store.finish()
    }

    @Test func filtersKeepTheSelectionOnAShownRow() async {
        let store = TestStore(Self.feature(), initialState: Self.three)
        await store.send(.showFilter(.completed)) {
            $0.filter = .completed
            $0.selected = 2
        }
        #expect(store.state.visible.map(\.id) == [2])
        await store.send(.showFilter(.completed))  // the same filter: nothing
        await store.send(.cycleFilter) { $0.filter = .all }
        await store.send(.cycleFilter) {
            $0.filter = .active
            $0.selected = 1
        }
        #expect(store.state.visible.map(\.id) == [1, 3])
        // Done while the active filter shows: the row leaves the list, the selection moves on.
        await store.send(.toggleSelected) {
            $0.rows[1]?.isDone = true
            $0.selected = 3
        }
        await store.finish()
    }

    @Test func searchIsDebouncedAndTheLatestWins() async {
        let clock = TestClock()
        let store = TestStore(Self.feature(clock: clock), initialState: Self.three)
        await store.send(.startSearching) { $0.editor = .init(purpose: .search) }
        await store.send(.editor(.insert("w"))) { $0.editor?.text = "w" }
        await clock.advance(by: .milliseconds(200))  // not long enough: nothing applied
        await store.send(.editor(.insert("r"))) { $0.editor?.text = "wr" }  // cancels the search for "w"
        await clock.advance(by: .milliseconds(200))
        await store.send(.editor(.insert("i"))) { $0.editor?.text = "wri" }
        await clock.advance(by: .milliseconds(250))
        await store.receive(.searchApplied("wri")) {
            $0.query = "wri"
            $0.selected = 3
        }
        #expect(store.state.visible.map(\.title) == ["Write code"])
        await clock.advance(by: .seconds(1))  // the cancelled searches never apply
        await store.send(.editor(.submit))
        await store.receive(.editorClosed) { $0.editor = nil }
        // Escape from a new search shows the whole list again.
        await store.send(.startSearching) { $0.editor = .init(purpose: .search, text: "wri") }
        await store.send(.editor(.backspace)) { $0.editor?.text = "wr" }
        await store.send(.editor(.cancel))
        await store.receive(.searchApplied("")) { $0.query = "" }
        await store.receive(.editorClosed) { $0.editor = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func submittingASearchAppliesItAtOnce() async {
        let clock = TestClock()
        let store = TestStore(Self.feature(clock: clock), initialState: Self.three)
        await store.send(.startSearching) { $0.editor = .init(purpose: .search) }
        await store.send(.editor(.insert("milk"))) { $0.editor?.text = "milk" }
        await store.send(.editor(.submit))
        await store.receive(.searchApplied("milk")) { $0.query = "milk" }
        await store.receive(.editorClosed) { $0.editor = nil }
        await clock.advance(by: .seconds(1))  // the debounced one was cancelled
        await store.finish()
    }

    @Test func syncShowsProgressAndSucceeds() async {
        let clock = TestClock()
        let store = TestStore(Self.feature(clock: clock), initialState: Self.three)
        await store.send(.sync) { $0.sync = .syncing(done: 0, total: 3) }
        await store.send(.sync)  // already syncing: ignored
        await clock.advance(by: .milliseconds(100))
        await store.receive(.syncProgressed(done: 1, total: 3)) { $0.sync = .syncing(done: 1, total: 3) }
        await clock.advance(by: .milliseconds(100))
        await store.receive(.syncProgressed(done: 2, total: 3)) { $0.sync = .syncing(done: 2, total: 3) }
        await clock.advance(by: .milliseconds(100))
        await store.receive(.syncProgressed(done: 3, total: 3)) { $0.sync = .syncing(done: 3, total: 3) }
        await store.receive(.syncSucceeded(count: 3)) { $0.sync = .synced(count: 3) }
        await store.finish()
    }

    @Test func aFailedSyncPostsAToast() async {
        let clock = TestClock()
        let store = TestStore(Self.feature(clock: clock, fails: true), initialState: Self.three)
        await store.send(.sync) { $0.sync = .syncing(done: 0, total: 3) }
        await clock.advance(by: .milliseconds(100))
        await store.receive(.syncProgressed(done: 1, total: 3)) { $0.sync = .syncing(done: 1, total: 3) }
        await clock.advance(by: .milliseconds(100))
        await store.receive(.syncFailed("the remote stopped answering")) {
            $0.sync = .failed("the remote stopped answering")
        }
        await store.receive(sideEffect: .toast("Sync failed: the remote stopped answering"))
        // A failed sync can be tried again.
        await store.send(.sync) { $0.sync = .syncing(done: 0, total: 3) }
        await clock.advance(by: .milliseconds(100))
        await store.receive(.syncProgressed(done: 1, total: 3)) { $0.sync = .syncing(done: 1, total: 3) }
        await clock.advance(by: .milliseconds(100))
        await store.receive(.syncFailed("the remote stopped answering")) {
            $0.sync = .failed("the remote stopped answering")
        }
        await store.receive(sideEffect: .toast("Sync failed: the remote stopped answering"))
        await store.finish()
    }

    @Test func problemsAreShownAndDismissed() async {
        let store = TestStore(Self.feature(), initialState: .init())
        await store.send(.reportProblem("saved list unreadable")) { $0.problem = "saved list unreadable" }
        await store.send(.dismissProblem) { $0.problem = nil }
        await store.send(.dismissProblem)
        await store.finish()
    }

    @Test func inputForAnEditorThatIsGoneChangesNothing() async {
        let store = TestStore(Self.feature(), initialState: Self.three)
        await store.send(.editor(.insert("x")))  // no editor: dropped, and reported
        await store.receiveFailure { ($0.underlying as? AbsentChild)?.path == "editor" }
        await store.send(.editorFinished(.submitted(.edit(1), "Buy milk")))  // same title: no rename
        await store.send(.editorFinished(.cancelled(.add)))
        await store.finish()
    }
}
