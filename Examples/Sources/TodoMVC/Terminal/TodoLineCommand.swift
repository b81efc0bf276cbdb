import Foundation
import OrderedCollections

/// Line mode, when standard input is not a terminal: one command per line.
///
///     add Buy milk · edit Buy oat milk · toggle · delete · up · down · clear
///     filter all|active|completed · search milk · sync · quit
public enum TodoLineCommand {
    /// The commands line mode understands, for its help text.
    public static let help =
        "commands: add TEXT, edit TEXT, toggle, delete, up, down, clear, filter all|active|completed, search TEXT, sync, quit"

    /// The commands for one line of input in `state`; empty for a line it does not know.
    public static func commands(for line: String, in state: TodoList.State) -> [TodoCommand] {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let verb = trimmed.prefix { $0 != " " }
        let argument = trimmed.dropFirst(verb.count).trimmingCharacters(in: .whitespaces)
        switch verb {
        case "add": return typed(.startAdding, replacing: "", with: argument)
        case "edit":
            guard let id = state.selected, let row = state.rows[id] else { return [] }
            return typed(.startEditing, replacing: row.title, with: argument)
        case "search": return typed(.startSearching, replacing: state.query, with: argument)
        case "toggle": return [.send(.toggleSelected)]
        case "delete": return [.send(.deleteSelected)]
        case "up": return [.send(.moveUp)]
        case "down": return [.send(.moveDown)]
        case "clear": return [.send(.clearCompleted)]
        case "sync": return [.send(.sync)]
        case "filter": return TodoFilter(rawValue: argument).map { [.send(.showFilter($0))] } ?? []
        case "quit", "q": return [.quit]
        default: return []
        }
    }

    /// Opens the input line, erases what it starts with, types `text` and presses Enter.
    private static func typed(_ open: TodoList.Intent, replacing current: String, with text: String) -> [TodoCommand] {
        [.send(open)] + Array(repeating: .send(.editor(.backspace)), count: current.count)
            + [.send(.editor(.insert(text))), .send(.editor(.submit))]
    }
}
