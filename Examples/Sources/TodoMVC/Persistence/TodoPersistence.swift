import Foundation
import MVIStateKeeper

/// Where the list is saved, and the keeper that saves it.
public enum TodoPersistence {
    /// The key of the saved list: the file is `<directory>/todos.json`.
    public static let key = "todos"

    /// The default directory: `$XDG_DATA_HOME/swift-mvi-todo`, or
    /// `~/.local/share/swift-mvi-todo` when `XDG_DATA_HOME` is not set.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return (data as NSString).appendingPathComponent("swift-mvi-todo")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/swift-mvi-todo")
    }

    /// A keeper saving the list in `directory` (created if missing), atomically, on every
    /// change: a `kill -9` loses nothing that was on screen for more than a moment.
    public static func keeper(directory: String) throws -> StateKeeper<TodoList.State, SavedTodos> {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return keeper(storage: FileStateStorage(directory: directory))
    }

    /// A keeper saving the list in `storage`: a saved list with two todos of one id is
    /// rejected (``SavedTodos/Invalid``), so the keeper moves it aside and the app starts empty.
    public static func keeper(storage: any StateStorage) -> StateKeeper<TodoList.State, SavedTodos> {
        StateKeeper(
            storage: storage, key: key,
            save: { SavedTodos($0) },
            restore: { saved, initial in try saved.restored(into: initial) })
    }

    /// Takes the list's lock in `directory` (created if missing): `<directory>/todos.lock`.
    ///
    /// One `todo` at a time writes a folder: two would each save over the other's changes.
    /// Throws `FileStateLockedError` (naming the other process) while another holds it; the
    /// kernel releases it when the holder ends, even by `kill -9`. Hold it until the last save.
    public static func lock(directory: String) throws -> FileStateLock {
        try FileStateStorage(directory: directory).lock(key)
    }

    /// How often the keeper writes: at once after each change (the file write is atomic).
    public static let trigger = SaveTrigger.onChange(coalescing: .zero)
}
