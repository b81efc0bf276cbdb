/// Which todos the list shows.
public enum TodoFilter: String, Sendable, Equatable, Codable, CaseIterable {
    /// Every todo.
    case all
    /// Todos not done yet.
    case active
    /// Todos done.
    case completed

    /// Whether a todo with this done flag is shown.
    public func shows(isDone: Bool) -> Bool {
        switch self {
        case .all: true
        case .active: !isDone
        case .completed: isDone
        }
    }

    /// The next filter, for a key that cycles through them.
    public var next: TodoFilter {
        switch self {
        case .all: .active
        case .active: .completed
        case .completed: .all
        }
    }

    /// The name shown on screen.
    public var title: String {
        switch self {
        case .all: "All"
        case .active: "Active"
        case .completed: "Completed"
        }
    }
}
