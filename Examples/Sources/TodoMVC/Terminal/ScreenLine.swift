import Rainbow

/// One line of the screen: runs of text, each with a style. Compared as values, so the view
/// redraws a line only when its text or a style changed.
public struct ScreenLine: Equatable, Sendable {
    /// How a run of text looks.
    public enum Style: Sendable, Equatable {
        case plain, bold, dim, title, selected, done, accent, warning, toast, input
    }

    /// A run of text in one style.
    public struct Run: Equatable, Sendable {
        /// The text.
        public var text: String
        /// Its style.
        public var style: Style
    }

    /// The runs, left to right.
    public var runs: [Run]
    /// The style of the padding after the last run (a highlighted row is highlighted to the edge).
    public var fill: Style

    /// An empty line.
    public init(fill: Style = .plain) {
        runs = []
        self.fill = fill
    }

    /// A line of one run.
    public init(_ text: String, _ style: Style = .plain) {
        runs = [Run(text: text, style: style)]
        fill = .plain
    }

    /// Adds a run.
    public mutating func append(_ text: String, _ style: Style = .plain) {
        runs.append(Run(text: text, style: style))
    }

    /// The text without styles.
    public var text: String { runs.map(\.text).joined() }

    /// The line cut to `width` columns (ending in "…" when cut) and padded to them, so a redraw leaves nothing of the
    /// line it replaces. One `Character` is one column: the screen uses no wide characters.
    public func fitted(to width: Int) -> ScreenLine {
        var line = ScreenLine(fill: fill)
        var left = width
        let isCut = text.count > width
        for run in runs where left > 0 {
            var text = String(run.text.prefix(left))
            left -= text.count
            // A cut line ends in an ellipsis, so nobody takes it for the whole text.
            if isCut && left == 0 { text = text.dropLast() + "…" }
            line.append(text, run.style)
        }
        if left > 0 { line.append(String(repeating: " ", count: left), fill) }
        return line
    }

    /// The line with ANSI styles (through Rainbow).
    public var styled: String {
        runs.map { run in
            switch run.style {
            case .plain: run.text
            case .bold: run.text.bold
            case .dim: run.text.lightBlack
            case .title: run.text.bold.red
            case .selected: run.text.onBlue.white.bold
            case .done: run.text.lightBlack.strikethrough
            case .accent: run.text.cyan
            case .warning: run.text.yellow
            case .toast: run.text.onRed.white.bold
            case .input: run.text.bold
            }
        }.joined()
    }
}
