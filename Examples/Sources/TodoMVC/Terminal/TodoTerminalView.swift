import MVI
import MVIView

/// The full-screen view: renders a ``TodoScreen`` through a `diff` renderer with one entry per
/// terminal row, so a render writes only the rows that changed, each overwritten to the end
/// (nothing of the old text is left), then puts the cursor where input goes. Its events are
/// the keys pressed.
@MainActor
public final class TodoTerminalView: BaseMVIView<TodoScreen, TerminalKey> {
    /// Where the escape sequences go (standard output, or a buffer in tests).
    private let output: (String) -> Void
    private var pending = ""
    /// How many rows the last render wrote.
    public private(set) var lastRedrawnRows = 0
    /// How many rows all renders wrote, for the curious (`--log` reports it at exit).
    public private(set) var redrawnRows = 0
    /// How many renders there were.
    public private(set) var renderCount = 0
    private var lastCursor: TodoScreen.Cursor??

    /// Creates a view for a screen of `height` rows, writing to `output`.
    public init(height: Int, output: @escaping (String) -> Void) {
        self.output = output
        super.init()
        renderer = diff { diff in
            for row in 0..<height {
                diff.diff(get: { $0.lines.indices.contains(row) ? $0.lines[row] : ScreenLine() }) {
                    [unowned self] line in
                    // Row `row + 1` (1-based), column 1, the line, then erase what may be left.
                    pending += "\u{1B}[\(row + 1);1H" + line.styled + "\u{1B}[0m\u{1B}[K"
                    lastRedrawnRows += 1
                }
            }
        }
    }

    /// Writes the rows that changed and places the cursor.
    public override func render(_ model: TodoScreen) {
        pending = ""
        lastRedrawnRows = 0
        super.render(model)
        redrawnRows += lastRedrawnRows
        renderCount += 1
        // Writing rows moves the cursor: put it back whenever anything was written.
        if !pending.isEmpty || lastCursor != .some(model.cursor) {
            if let cursor = model.cursor {
                pending += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
            } else {
                pending += "\u{1B}[?25l"
            }
            lastCursor = .some(model.cursor)
        }
        if !pending.isEmpty { output(pending) }
    }
}
