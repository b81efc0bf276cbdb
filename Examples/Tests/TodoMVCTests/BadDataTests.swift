import Clocks
import Foundation
import MVI
import MVIStateKeeper
import MVITesting
import OrderedCollections
import Testing
import TodoMVC

/// Data the app did not write itself (a file edited by hand, a state set or a recording
/// imported in the debugger) never traps (issue 28, items 2 and 7), and one `todo` at a time
/// writes a folder.
@Suite(.timeLimit(.minutes(5)))
struct BadDataTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "todo-bad-data-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    var file: String { directory + "/todos.json" }

    static let duplicateIDs = Array(
        #"""
        {"state":{"filter":"all","nextID":3,"todos":[{"id":1,"isDone":false,"title":"Buy milk"},{"id":1,"isDone":true,"title":"Walk the dog"}]},"version":1}
        """#.utf8)

    func makeStore(keeper: StateKeeper<TodoList.State, SavedTodos>) -> Store<TodoList> {
        let clock = ContinuousClock()
        return TodoApp.makeStore(TodoList(remote: TodoRemote(clock: clock), clock: clock), keeper: keeper)
    }

    func state(of store: Store<TodoList>, where condition: (TodoList.State) -> Bool) async -> TodoList.State? {
        for await state in store.states where condition(state) { return state }
        return nil
    }

    func add(_ title: String, to store: Store<TodoList>) async {
        for intent: TodoList.Intent in [.startAdding, .editor(.insert(title)), .editor(.submit)] { store.send(intent) }
        await store.waitForIdle()
    }

    /// Two todos of one id crashed the app on every launch; now the file is moved aside byte
    /// for byte, the app starts empty and says why, and saving goes on.
    @Test func aFileWithTwoTodosOfOneIDIsMovedAsideAndTheAppStarts() async throws {
        try Data(Self.duplicateIDs).write(to: URL(fileURLWithPath: file))
        let store = makeStore(keeper: try TodoPersistence.keeper(directory: directory))
        let reported = await state(of: store) { $0.problem != nil }
        let problem = try #require(reported?.problem)
        #expect(problem.hasPrefix("Saved list not used: saved state was rejected: two todos have the id 1."))
        #expect(problem.contains("the file is kept as \(directory)/todos.corrupt-"))
        #expect(store.state.rows.isEmpty)

        let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("corrupt") }
        #expect(aside.count == 1)
        let kept = try aside.first.map { try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0)) }
        #expect(kept.map(Array.init) == Self.duplicateIDs)

        await add("Fresh start", to: store)
        store.cancel()
        let saved = try JSONDecoder().decode(Envelope.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(saved.state.todos.map(\.title) == ["Fresh start"])
    }

    struct Envelope: Decodable {
        let state: SavedTodos
    }

    @Test func restoringTwoTodosOfOneIDThrows() throws {
        var saved = SavedTodos(TodoList.State())
        saved.todos = [.init(id: 4, title: "a"), .init(id: 5, title: "b"), .init(id: 4, title: "c")]
        #expect(throws: SavedTodos.Invalid.duplicateID(4)) { try saved.restored(into: .init()) }
        #expect("\(SavedTodos.Invalid.duplicateID(4))" == "two todos have the id 4")
    }

    /// An id of Int.max used to overflow in the restore (and in the next add).
    @Test func theLargestIDNeitherTrapsNorReusesAnID() async throws {
        var saved = SavedTodos(TodoList.State())
        saved.todos = [.init(id: .max, title: "last")]
        saved.nextID = 5
        let restored = try saved.restored(into: .init())
        #expect(restored.nextID == .max)
        #expect(restored.freshID == nil)

        let clock = TestClock()
        let store = TestStore(
            TodoList(remote: TodoRemote(clock: clock), clock: clock), initialState: restored)
        await store.send(.startAdding) { $0.editor = .init(purpose: .add) }
        await store.send(.editor(.insert("more"))) { $0.editor?.text = "more" }
        await store.send(.editor(.submit))
        await store.receive(.problemChanged("No todo can be added: every id up to \(Int.max) is used")) {
            $0.problem = "No todo can be added: every id up to \(Int.max) is used"
        }
        await store.receive(.editorClosed) { $0.editor = nil }
        #expect(store.state.rows.count == 1)
        await store.finish()
    }

    /// A state set in the debugger whose `nextID` is taken: the new todo gets a free id, and
    /// the row that had it is not overwritten.
    @Test func aTakenNextIDIsNotReused() {
        let state = TodoList.State(rows: [1: .init(id: 1, title: "a"), 7: .init(id: 7, title: "b")], nextID: 1)
        #expect(state.freshID == 8)
        var added = state
        TodoList.reduce(&added, .added(id: .max, title: "edge"))
        #expect(added.nextID == .max)
    }

    /// Messages from an imported recording, and states set in the debugger, may carry any
    /// numbers: the reducer and the screen clamp them.
    @Test func extremeNumbersNeitherTrapTheReducerNorTheScreen() {
        var state = TodoList.State(
            rows: [1: .init(id: 1, title: "a"), 2: .init(id: 2, title: "b")], selected: 2)
        TodoList.reduce(&state, .selectionMoved(by: .max))
        #expect(state.selected == 2)
        TodoList.reduce(&state, .selectionMoved(by: .min))
        #expect(state.selected == 1)
        for (done, total) in [(Int.max, 1), (-5, 10), (3, -1), (Int.max, Int.max), (Int.max / 2, Int.max), (12, 10)] {
            state.sync = .syncing(done: done, total: total)
            let screen = TodoScreen(state, width: 80, height: 24)
            #expect(screen.lines.count == 24)
        }
        state.sync = .syncing(done: Int.max / 2, total: Int.max)
        #expect(TodoScreen(state, width: 80, height: 24).text.contains("#####....."))
    }

    /// One todo at a time on a folder: the second is refused with the first's pid.
    @Test func aSecondTodoOnOneFolderIsRefused() throws {
        let first = try TodoPersistence.lock(directory: directory + "/new")
        #expect {
            try TodoPersistence.lock(directory: directory + "/new")
        } throws: { error in
            (error as? FileStateLockedError)?.holder == getpid()
        }
        first.release()
        #expect(try TodoPersistence.lock(directory: directory + "/new").isHeld)
    }

    /// A save that fails with a long path: the screen shows the cause, "No space left on
    /// device", on an 80-column terminal (it was cut at the 80th column, after the path).
    @Test func aLongErrorIsShownWhole() async throws {
        let path = "/home/someone-with-a-long-name/.local/share/swift-mvi-todo/.todos.json.tmp-123456-3735928559"
        let store = makeStore(keeper: TodoPersistence.keeper(storage: FullDisk(path: path)))
        await add("Buy milk", to: store)
        let reported = await state(of: store) { $0.problem != nil }
        let problem = try #require(reported?.problem)
        #expect(problem == "Could not save the list: No space left on device (write \(path))")
        let screen = TodoScreen(try #require(reported), width: 80, height: 24)
        #expect(screen.lines.count == 24)
        #expect(screen.lines.allSatisfy { $0.text.count == 80 })
        let text = screen.text
        #expect(text.contains(" ! Could not save the list: No space left on device (write"))
        // Every character of it is on the screen, in order: wrapped, not cut.
        let shown = screen.lines.map { $0.text.dropFirst(3) }.joined().filter { $0 != " " }
        #expect(shown.contains(problem.filter { $0 != " " } + "(eschides)"))
        #expect(text.contains("[ ] Buy milk"))
        store.cancel()
    }

    @Test func wrapsAtSpacesAndInsideLongWords() {
        #expect(TodoScreen.wordWrapped("one two three", width: 7) == ["one two", "three"])
        #expect(TodoScreen.wordWrapped("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TodoScreen.wordWrapped("", width: 4) == [""])
        #expect(TodoScreen.wordWrapped("ab cdefghij", width: 4) == ["ab", "cdef", "ghij"])
    }

    /// A problem longer than the screen can hold keeps one row of the list, and ends in "…".
    @Test func aHugeProblemLeavesTheListARow() {
        var state = TodoList.State(rows: [1: .init(id: 1, title: "Buy milk")], selected: 1)
        state.problem = String(repeating: "word ", count: 400)
        let screen = TodoScreen(state, width: 40, height: 12)
        #expect(screen.lines.count == 12)
        #expect(screen.text.contains("› [ ] Buy milk"))
        #expect(screen.text.contains("…"))
    }
}

/// A storage whose disk is full: every save fails as a full disk does.
final class FullDisk: StateStorage {
    let path: String

    init(path: String) {
        self.path = path
    }

    func load(_ key: String) throws -> [UInt8]? { nil }

    func save(_ bytes: [UInt8], for key: String) throws {
        throw FileStateStorageError(operation: "write", path: path, code: ENOSPC)
    }

    func remove(_ key: String) throws {}

    func moveAside(_ key: String) throws -> String? { nil }
}
