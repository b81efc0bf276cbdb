/// What a key or a line of input asks of the app.
public enum TodoCommand: Sendable, Equatable {
    /// Send this intent to the store.
    case send(TodoList.Intent)
    /// Leave the app.
    case quit
}
