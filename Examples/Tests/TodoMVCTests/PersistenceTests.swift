import Clocks
import Foundation
import MVI
import MVIStateKeeper
import OrderedCollections
import Testing
import TodoMVC

/// The list on disk: saved on each change, restored, and a saved file that cannot be used is
/// kept and reported, never overwritten.
@Suite(.timeLimit(.minutes(5)))
struct PersistenceTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "todo-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func makeStore() throws -> Store<TodoList> {
        let clock = ContinuousClock()
        return TodoApp.makeStore(
            TodoList(remote: TodoRemote(clock: clock), clock: clock),
            keeper: try TodoPersistence.keeper(directory: directory))
    }

    var file: String { directory + "/todos.json" }

    /// Waits until the store's state satisfies `condition`.
    func state(of store: Store<TodoList>, where condition: (TodoList.State) -> Bool) async -> TodoList.State? {
        for await state in store.states where condition(state) { return state }
        return nil
    }

    func add(_ title: String, to store: Store<TodoList>) async {
        for intent: TodoList.Intent in [.startAdding, .editor(.insert(title)), .editor(.submit)] { store.send(intent) }
        await store.waitForIdle()
    }

    @Test func theListSurvivesTheStoreAndComesBack() async throws {
        do {
            let store = try makeStore()
            await add("Buy milk", to: store)
            await add("Walk the dog", to: store)
            store.send(.toggleSelected)
            store.send(.showFilter(.active))
            await store.waitForIdle()
            // Saved on the change, without waiting for the store to end (a kill -9 would not wait).
            let saved = await waitForFile { $0.contains("Walk the dog") && $0.contains("active") }
            #expect(saved)
            store.cancel()
        }
        let store = try makeStore()
        #expect(store.state.rows.values.map(\.title) == ["Buy milk", "Walk the dog"])
        #expect(store.state.rows.values.map(\.isDone) == [false, true])
        #expect(store.state.filter == .active)
        #expect(store.state.nextID == 3)
        #expect(store.state.selected == 1)
        #expect(store.state.problem == nil)
        store.cancel()
    }

    func waitForFile(_ condition: (String) -> Bool) async -> Bool {
        for _ in 0..<500 {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), condition(text) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    @Test func aSavedFileWithBadContentsIsKeptAsideAndReported() async throws {
        try Data("{\"state\": [not json".utf8).write(to: URL(fileURLWithPath: file))
        let store = try makeStore()
        let reported = await state(of: store) { $0.problem != nil }
        #expect(reported?.problem?.contains("kept as") == true)
        #expect(store.state.rows.isEmpty)
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("corrupt") }
        #expect(aside.count == 1)
        let kept = try aside.first.map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
        #expect(kept == "{\"state\": [not json")
        // Saving goes on, in a new file.
        await add("Fresh start", to: store)
        #expect(await waitForFile { $0.contains("Fresh start") })
        store.cancel()
    }

    @Test func aSavedFileThatCannotBeReadIsNeverOverwritten() async throws {
        // A directory where the file should be: the storage cannot read it.
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: file + "/inside"))
        let store = try makeStore()
        let reported = await state(of: store) { $0.problem != nil }
        #expect(reported?.problem?.contains("not a regular file") == true)
        await add("Not saved over it", to: store)
        store.cancel()
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(try String(contentsOfFile: file + "/inside", encoding: .utf8) == "keep me")
    }

    @Test func theDefaultDirectoryFollowsXDG() {
        #expect(
            TodoPersistence.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/me"])
                == "/x/data/swift-mvi-todo")
        #expect(
            TodoPersistence.defaultDirectory(environment: ["HOME": "/home/me"])
                == "/home/me/.local/share/swift-mvi-todo")
    }
}
