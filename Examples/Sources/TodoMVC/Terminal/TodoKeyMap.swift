/// Which key does what: letters and arrows act on the list; while the input line is open,
/// keys type into it.
public enum TodoKeyMap {
    /// The help lines, for the keys of the list (each fits 80 columns).
    public static let help = [
        "↑↓ move   a add   e/⏎ edit   space toggle   d delete   c clear completed",
        "1 2 3 or f filter   / search   s sync   esc dismiss   q quit",
    ]

    /// The help lines while the input line is open.
    public static let editingHelp = ["type to write   ⌫ erase   ⏎ done   esc cancel", ""]

    /// The command for `key` in `state`, or `nil` for a key that does nothing there.
    public static func command(for key: TerminalKey, in state: TodoList.State) -> TodoCommand? {
        if state.editor != nil { return editing(key) }
        switch key {
        case .up, .character("k"): return .send(.moveUp)
        case .down, .character("j"): return .send(.moveDown)
        case .character("a"): return .send(.startAdding)
        case .character("e"), .enter: return .send(.startEditing)
        case .character(" "), .character("x"): return .send(.toggleSelected)
        case .character("d"), .delete: return .send(.deleteSelected)
        case .character("c"): return .send(.clearCompleted)
        case .character("1"): return .send(.showFilter(.all))
        case .character("2"): return .send(.showFilter(.active))
        case .character("3"): return .send(.showFilter(.completed))
        case .character("f"), .tab: return .send(.cycleFilter)
        case .character("/"): return .send(.startSearching)
        case .character("s"): return .send(.sync)
        case .escape: return .send(.dismissProblem)
        case .character("q"): return .quit
        default: return nil
        }
    }

    private static func editing(_ key: TerminalKey) -> TodoCommand? {
        switch key {
        case .character(let character): .send(.editor(.insert(String(character))))
        case .backspace: .send(.editor(.backspace))
        case .enter: .send(.editor(.submit))
        case .escape: .send(.editor(.cancel))
        default: nil
        }
    }
}
