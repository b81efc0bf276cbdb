import OrderedCollections

/// The whole screen as lines, computed from the store's state: the view model of the terminal
/// view. The same state gives the same screen, so time travel shows what the app showed.
public struct TodoScreen: Equatable, Sendable {
    /// One line per terminal row, each exactly `width` columns.
    public var lines: [ScreenLine]
    /// Where the cursor goes (row, column), or `nil` to hide it: it sits after the typed text
    /// while the input line is open.
    public var cursor: Cursor?

    /// A place on the screen, 0-based.
    public struct Cursor: Equatable, Sendable {
        /// The row.
        public var row: Int
        /// The column.
        public var column: Int

        /// Creates a place.
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    /// Things the screen shows that are not the list's state.
    public struct Extras: Equatable, Sendable {
        /// The toast being shown (a side effect, gone after a few seconds).
        public var toast: String?
        /// The DevTools page's address, when the debugger runs.
        public var devToolsURL: String?

        /// Creates extras.
        public init(toast: String? = nil, devToolsURL: String? = nil) {
            self.toast = toast
            self.devToolsURL = devToolsURL
        }
    }

    /// Lines below the list: separator, input, count, status, toast, two of help.
    static let footerHeight = 7
    /// Lines above the list: title, separator.
    static let headerHeight = 2

    /// Lays out `state` on a `width` × `height` screen (at least 40 × 12).
    public init(_ state: TodoList.State, extras: Extras = Extras(), width: Int, height: Int) {
        let width = max(width, 40)
        let height = max(height, 12)
        var lines: [ScreenLine] = []
        lines.append(Self.titleLine(state, width: width))
        lines.append(ScreenLine(String(repeating: "─", count: width), .dim))
        // The debugger's address gets lines of its own, wrapped rather than cut: it is for
        // copying into a browser.
        let devTools = extras.devToolsURL.map { Self.wrapped(" DevTools: " + $0, width: width) } ?? []
        let listHeight = height - Self.headerHeight - Self.footerHeight - devTools.count
        lines += Self.listLines(state, width: width, height: listHeight)
        lines.append(ScreenLine(String(repeating: "─", count: width), .dim))
        let (input, cursorColumn) = Self.inputLine(state, width: width)
        lines.append(input)
        lines.append(Self.countLine(state, width: width))
        lines.append(Self.statusLine(state))
        lines += devTools.map { ScreenLine($0, .accent) }
        lines.append(Self.toastLine(state, extras: extras))
        for help in state.editor == nil ? TodoKeyMap.help : TodoKeyMap.editingHelp {
            lines.append(ScreenLine(" " + help, .dim))
        }
        self.lines = lines.map { $0.fitted(to: width) }
        let inputRow = Self.headerHeight + listHeight + 1
        cursor = cursorColumn.map { Cursor(row: inputRow, column: min($0, width - 1)) }
    }

    /// The screen as plain text, trailing spaces removed: what line mode prints and what a
    /// person reads.
    public var text: String {
        lines.map { line in
            var text = line.text
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }

    private static func titleLine(_ state: TodoList.State, width: Int) -> ScreenLine {
        var line = ScreenLine(" todos ", .title)
        var tabs = ScreenLine()
        for filter in TodoFilter.allCases {
            tabs.append(" ")
            tabs.append(filter.title, filter == state.filter ? .selected : .dim)
        }
        if !state.query.isEmpty {
            tabs.append("  search: ", .dim)
            tabs.append("\"\(state.query)\"", .accent)
        }
        tabs.append(" ")
        let gap = max(1, width - line.text.count - tabs.text.count)
        line.append(String(repeating: " ", count: gap))
        line.runs += tabs.runs
        return line
    }

    private static func listLines(_ state: TodoList.State, width: Int, height: Int) -> [ScreenLine] {
        let shown = state.visible
        var lines: [ScreenLine] = []
        if shown.isEmpty {
            let hint =
                state.rows.isEmpty
                ? "Nothing to do yet. Press a to add a todo."
                : "No \(state.filter == .all ? "" : state.filter.title.lowercased() + " ")todos"
                    + (state.query.isEmpty ? "." : " match \"\(state.query)\".")
            lines.append(ScreenLine("   " + hint, .dim))
        } else {
            // The window scrolls to keep the selected row in view.
            let selected = state.selectedIndex ?? 0
            let first = max(0, min(selected - height + 1, shown.count - height))
            for row in shown.dropFirst(first).prefix(height) {
                let isSelected = row.id == state.selected
                var line = ScreenLine(fill: isSelected ? .selected : .plain)
                line.append(isSelected ? " › " : "   ", isSelected ? .selected : .plain)
                line.append(row.isDone ? "[x] " : "[ ] ", isSelected ? .selected : (row.isDone ? .dim : .plain))
                line.append(row.title, isSelected ? .selected : (row.isDone ? .done : .plain))
                lines.append(line)
            }
        }
        return lines + Array(repeating: ScreenLine(), count: max(0, height - lines.count))
    }

    private static func inputLine(_ state: TodoList.State, width: Int) -> (ScreenLine, Int?) {
        guard let editor = state.editor else { return (ScreenLine(), nil) }
        let prompt: String
        switch editor.purpose {
        case .add: prompt = " New todo: "
        case .edit: prompt = " Edit: "
        case .search: prompt = " Search: "
        }
        // Text longer than the line scrolls: its end, where the cursor is, stays in view.
        let room = width - prompt.count - 1
        let shown = editor.text.count <= room ? editor.text : "…" + editor.text.suffix(room - 1)
        var line = ScreenLine(prompt, .accent)
        line.append(shown, .input)
        return (line, prompt.count + shown.count)
    }

    private static func countLine(_ state: TodoList.State, width: Int) -> ScreenLine {
        let left = state.itemsLeft
        var line = ScreenLine(" \(left) item\(left == 1 ? "" : "s") left", .bold)
        if state.completedCount > 0 { line.append(" · \(state.completedCount) completed", .dim) }
        let shown = "showing \(state.visible.count) of \(state.rows.count) "
        line.append(String(repeating: " ", count: max(1, width - line.text.count - shown.count)))
        line.append(shown, .dim)
        return line
    }

    private static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(width)))
            rest = rest.dropFirst(width)
        }
        return lines
    }

    private static func statusLine(_ state: TodoList.State) -> ScreenLine {
        var line = ScreenLine(" ")
        switch state.sync {
        case .idle: line.append("Not synced yet (s to sync)", .dim)
        case .syncing(let done, let total):
            let slots = 10
            let filled = total == 0 ? 0 : done * slots / total
            line.append("Syncing \(done)/\(total) ", .accent)
            line.append(String(repeating: "#", count: filled) + String(repeating: ".", count: slots - filled), .accent)
        case .synced(let count): line.append("Synced \(count) todo\(count == 1 ? "" : "s")", .dim)
        case .failed(let reason): line.append("Last sync failed: \(reason)", .warning)
        }
        return line
    }

    private static func toastLine(_ state: TodoList.State, extras: Extras) -> ScreenLine {
        if let toast = extras.toast { return ScreenLine(" ! \(toast) ", .toast) }
        if let problem = state.problem {
            var line = ScreenLine(" ! \(problem)", .warning)
            line.append("  (esc hides)", .dim)
            return line
        }
        return ScreenLine()
    }
}
