import OrderedCollections

/// What is saved of the list: the todos, the next id and the filter. The selection, the
/// search, the input line and the sync are the session's and start fresh.
public struct SavedTodos: Codable, Sendable, Equatable {
    /// The todos, in order.
    public var todos: [TodoRow.State]
    /// The id the next todo gets.
    public var nextID: Int
    /// The filter shown.
    public var filter: TodoFilter

    /// Why a saved list cannot become a live one.
    public enum Invalid: Error, Equatable, CustomStringConvertible {
        /// Two todos have this id: rows are kept by id, so one of them would be lost.
        case duplicateID(Int)

        /// `two todos have the id 3`.
        public var description: String {
            switch self {
            case .duplicateID(let id): "two todos have the id \(id)"
            }
        }
    }

    /// The saved part of `state`.
    public init(_ state: TodoList.State) {
        todos = Array(state.rows.values)
        nextID = state.nextID
        filter = state.filter
    }

    /// A live state from the saved one.
    ///
    /// Throws ``Invalid/duplicateID(_:)`` if two todos share an id (a file edited by hand, or
    /// written by something else): the keeper then moves the file aside and the app starts
    /// empty, rather than dropping a todo or trapping.
    public func restored(into initial: TodoList.State) throws(Invalid) -> TodoList.State {
        var state = initial
        var rows = OrderedDictionary<Int, TodoRow.State>(minimumCapacity: todos.count)
        for todo in todos {
            guard rows.updateValue(todo, forKey: todo.id) == nil else { throw .duplicateID(todo.id) }
        }
        state.rows = rows
        // Past every id in the list; an id of Int.max leaves no id after it, and adding a todo
        // then says so instead of overflowing (``TodoList/State/freshID``).
        let afterLargest = rows.keys.max().map { $0 == .max ? $0 : $0 + 1 } ?? 1
        state.nextID = max(nextID, afterLargest)
        state.filter = filter
        state.keepSelectionVisible()
        return state
    }
}
