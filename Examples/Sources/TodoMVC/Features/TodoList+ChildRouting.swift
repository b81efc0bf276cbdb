import MVI

// Logs, failures and time travel name the child an intent or message is for: `TodoList/rows[3]`.
extension TodoList.Intent: ChildRouting {
    /// The cases that carry a child's input.
    public static let childCases: Set<String> = ["rows", "editor"]
}

extension TodoList.Message: ChildRouting {
    /// The cases that carry a child's input.
    public static let childCases: Set<String> = ["rows", "editor"]
}
