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
        return StateKeeper(
            storage: FileStateStorage(directory: directory), key: key,
            save: { SavedTodos($0) },
            restore: { saved, initial in saved.restored(into: initial) })
    }

    /// How often the keeper writes: at once after each change (the file write is atomic).
    public static let trigger = SaveTrigger.onChange(coalescing: .zero)
}
