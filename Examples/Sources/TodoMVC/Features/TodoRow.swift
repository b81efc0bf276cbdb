import MVI

/// One row of the list: a todo that can be toggled and renamed. Its intents are its messages,
/// so it has no `execute` of its own.
public struct TodoRow: ReducingFeature {
    /// A todo.
    public struct State: Equatable, Sendable, Codable {
        /// The row's id, stable for its whole life (never reused in one list).
        public var id: Int
        /// What to do.
        public var title: String
        /// Whether it is done.
        public var isDone: Bool

        /// Creates a todo.
        public init(id: Int, title: String, isDone: Bool = false) {
            self.id = id
            self.title = title
            self.isDone = isDone
        }
    }

    /// What a row does.
    public enum Intent: Sendable, Equatable, Codable {
        /// Done becomes not done, and back.
        case toggle
        /// Gives the todo a new title.
        case rename(String)
    }

    /// A row's intents change its state directly.
    public typealias Message = Intent

    /// Creates the row feature.
    public init() {}

    /// Applies a row's message.
    public static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .toggle: state.isDone.toggle()
        case .rename(let title): state.title = title
        }
    }
}
