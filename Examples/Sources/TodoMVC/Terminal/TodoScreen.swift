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

    /// Lines below the list: separator, input, count, status, toast, two of help. A long
    /// problem or toast takes more lines, from the list.
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
        // A problem is shown whole ("No space left on device" comes after a long path), on as
        // many lines as it needs, as long as one row of the list stays.
        let room = height - Self.headerHeight - Self.footerHeight - devTools.count
        let messages = Self.messageLines(state, extras: extras, width: width, maxLines: max(1, room))
        let listHeight = room - (messages.count - 1)
        lines += Self.listLines(state, width: width, height: listHeight)
        lines.append(ScreenLine(String(repeating: "─", count: width), .dim))
        let (input, cursorColumn) = Self.inputLine(state, width: width)
        lines.append(input)
        lines.append(Self.countLine(state, width: width))
        lines.append(Self.statusLine(state))
        lines += devTools.map { ScreenLine($0, .accent) }
        lines += messages
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

    /// `text` in lines of at most `width` columns, broken at spaces where it can be, and inside
    /// a word (a path) where it cannot.
    public static func wordWrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while rest.count > width {
            let head = rest.prefix(width + 1)
            if let space = head.lastIndex(of: " "), space != rest.startIndex {
                lines.append(String(rest[..<space]))
                rest = rest[rest.index(after: space)...]
            } else {
                lines.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            }
        }
        lines.append(String(rest))
        return lines
    }

    private static func statusLine(_ state: TodoList.State) -> ScreenLine {
        var line = ScreenLine(" ")
        switch state.sync {
        case .idle: line.append("Not synced yet (s to sync)", .dim)
        case .syncing(let done, let total):
            let slots = 10
            // Clamped: a state set from outside (the debugger) may hold any numbers.
            let part = min(max(done, 0), max(total, 0))
            let (product, overflow) = part.multipliedReportingOverflow(by: slots)
            let filled = total <= 0 ? 0 : min(slots, overflow ? part / max(1, total / slots) : product / total)
            line.append("Syncing \(done)/\(total) ", .accent)
            line.append(String(repeating: "#", count: filled) + String(repeating: ".", count: slots - filled), .accent)
        case .synced(let count): line.append("Synced \(count) todo\(count == 1 ? "" : "s")", .dim)
        case .failed(let reason): line.append("Last sync failed: \(reason)", .warning)
        }
        return line
    }

    /// The toast, or else the problem, wrapped onto at most `maxLines` lines (the last one
    /// ending in "…" if that cuts it); one empty line when there is neither.
    private static func messageLines(
        _ state: TodoList.State, extras: Extras, width: Int, maxLines: Int
    ) -> [ScreenLine] {
        guard
            let (text, style) = extras.toast.map({ ($0, ScreenLine.Style.toast) })
                ?? state.problem.map({ ($0, ScreenLine.Style.warning) })
        else { return [ScreenLine()] }
        // " ! " before the first line, and the others indented under it.
        var wrapped = wordWrapped(text, width: width - 4)
        if wrapped.count > maxLines {
            wrapped = Array(wrapped.prefix(maxLines))
            wrapped[maxLines - 1] = String(wrapped[maxLines - 1].prefix(width - 5)) + "…"
        }
        var lines = wrapped.enumerated().map { index, part in
            ScreenLine((index == 0 ? " ! " : "   ") + part + (style == .toast ? " " : ""), style)
        }
        if style == .warning { lines[lines.count - 1].append("  (esc hides)", .dim) }
        return lines
    }
}
