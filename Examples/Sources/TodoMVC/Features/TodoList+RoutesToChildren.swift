import MVI

// Logs, failures and time travel name the child an intent or message is for: `TodoList/rows[3]`.
extension TodoList: RoutesToChildren {
    /// The list's child scopes: its rows and its editor.
    public static var childScopes: [any ChildScopeRoute<TodoList>] { [rows, editor] }
}
