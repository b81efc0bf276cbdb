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

    /// The saved part of `state`.
    public init(_ state: TodoList.State) {
        todos = Array(state.rows.values)
        nextID = state.nextID
        filter = state.filter
    }

    /// A live state from the saved one.
    public func restored(into initial: TodoList.State) -> TodoList.State {
        var state = initial
        state.rows = OrderedDictionary(uniqueKeysWithValues: todos.map { ($0.id, $0) })
        state.nextID = max(nextID, (todos.map(\.id).max() ?? 0) + 1)
        state.filter = filter
        state.keepSelectionVisible()
        return state
    }
}
