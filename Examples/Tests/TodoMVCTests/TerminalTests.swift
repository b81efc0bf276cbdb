import Foundation
import MVI
import OrderedCollections
import Testing
import TodoMVC

/// The terminal layer: keys decoded, keys mapped to intents, the screen laid out, and the view
/// redrawing only the rows that changed.
@MainActor
@Suite struct TerminalTests {
    static let state = TodoList.State(
        rows: [1: .init(id: 1, title: "Buy milk"), 2: .init(id: 2, title: "Walk the dog", isDone: true)],
        selected: 1)

    @Test func decodesKeys() {
        #expect(TerminalKey.parse(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D".utf8)) == [.up, .down, .right, .left])
        #expect(TerminalKey.parse([0x0D, 0x7F, 0x09, 0x1B]) == [.enter, .backspace, .tab, .escape])
        #expect(TerminalKey.parse(Array("\u{1B}[3~".utf8)) == [.delete])
        #expect(
            TerminalKey.parse(Array("añ é".utf8)) == [
                .character("a"), .character("ñ"), .character(" "), .character("é"),
            ])
        #expect(TerminalKey.parse(Array("\u{1B}[1;5A".utf8)) == [.up])
        #expect(TerminalKey.parse(Array("\u{1B}[15~x".utf8)) == [.character("x")])  // F5: skipped whole
    }

    @Test func mapsKeysToIntents() {
        let browse = Self.state
        #expect(TodoKeyMap.command(for: .up, in: browse) == .send(.moveUp))
        #expect(TodoKeyMap.command(for: .character("a"), in: browse) == .send(.startAdding))
        #expect(TodoKeyMap.command(for: .enter, in: browse) == .send(.startEditing))
        #expect(TodoKeyMap.command(for: .character(" "), in: browse) == .send(.toggleSelected))
        #expect(TodoKeyMap.command(for: .character("d"), in: browse) == .send(.deleteSelected))
        #expect(TodoKeyMap.command(for: .character("c"), in: browse) == .send(.clearCompleted))
        #expect(TodoKeyMap.command(for: .character("3"), in: browse) == .send(.showFilter(.completed)))
        #expect(TodoKeyMap.command(for: .character("f"), in: browse) == .send(.cycleFilter))
        #expect(TodoKeyMap.command(for: .character("/"), in: browse) == .send(.startSearching))
        #expect(TodoKeyMap.command(for: .character("s"), in: browse) == .send(.sync))
        #expect(TodoKeyMap.command(for: .character("q"), in: browse) == .quit)
        var editing = browse
        editing.editor = .init(purpose: .add)
        #expect(TodoKeyMap.command(for: .character("q"), in: editing) == .send(.editor(.insert("q"))))
        #expect(TodoKeyMap.command(for: .enter, in: editing) == .send(.editor(.submit)))
        #expect(TodoKeyMap.command(for: .escape, in: editing) == .send(.editor(.cancel)))
        #expect(TodoKeyMap.command(for: .backspace, in: editing) == .send(.editor(.backspace)))
    }

    @Test func readsLineCommands() {
        #expect(
            TodoLineCommand.commands(for: "add Buy bread", in: Self.state)
                == [.send(.startAdding), .send(.editor(.insert("Buy bread"))), .send(.editor(.submit))])
        #expect(TodoLineCommand.commands(for: "filter active", in: Self.state) == [.send(.showFilter(.active))])
        #expect(TodoLineCommand.commands(for: "edit Oat milk", in: Self.state).count == 11)
        #expect(TodoLineCommand.commands(for: "dance", in: Self.state).isEmpty)
        #expect(TodoLineCommand.commands(for: "quit", in: Self.state) == [.quit])
    }

    @Test func laysOutTheScreen() {
        var state = Self.state
        state.editor = .init(purpose: .add, text: "Bread")
        let screen = TodoScreen(state, extras: .init(toast: "Sync failed"), width: 60, height: 16)
        #expect(screen.lines.count == 16)
        #expect(screen.lines.allSatisfy { $0.text.count == 60 })
        let text = screen.text
        #expect(text.contains(" › [ ] Buy milk"))
        #expect(text.contains("   [x] Walk the dog"))
        #expect(text.contains("1 item left · 1 completed"))
        #expect(text.contains(" New todo: Bread"))
        #expect(text.contains("! Sync failed"))
        #expect(screen.cursor == .init(row: 10, column: " New todo: Bread".count))
        #expect(TodoScreen(Self.state, width: 60, height: 16).cursor == nil)
    }

    @Test func showsTheDebuggersAddressWhole() {
        let url = "http://127.0.0.1:40000/?token=" + String(repeating: "0123456789abcdef", count: 4)
        let screen = TodoScreen(Self.state, extras: .init(devToolsURL: url), width: 60, height: 16)
        #expect(screen.lines.count == 16)
        let footer = screen.text.split(separator: "\n").filter { $0.hasPrefix(" DevTools: ") || $0.hasSuffix("cdef") }
        #expect(footer.joined().replacingOccurrences(of: " DevTools: ", with: "") == url)
        #expect(screen.text.contains(" › [ ] Buy milk"))
    }

    @Test func cutsLongLinesWithAnEllipsisAndScrollsTheInput() {
        let long = String(repeating: "abcdefghij", count: 8)
        var state = TodoList.State(rows: [1: .init(id: 1, title: long)], selected: 1)
        state.editor = .init(purpose: .edit(1), text: long + "XYZ")
        let screen = TodoScreen(state, width: 40, height: 12)
        #expect(screen.lines.allSatisfy { $0.text.count == 40 })
        #expect(screen.text.contains(" › [ ] abcdefghijabcdefghijabcdefghijab…"))
        let input = screen.lines[screen.cursor?.row ?? 0].text
        #expect(input.hasPrefix(" Edit: …") && input.hasSuffix("XYZ "))
        #expect(screen.cursor?.column == 39)
    }

    @Test func scrollsToKeepTheSelectionInView() {
        var rows: OrderedDictionary<Int, TodoRow.State> = [:]
        for id in 1...30 { rows[id] = .init(id: id, title: "Todo \(id)") }
        let screen = TodoScreen(.init(rows: rows, selected: 25), width: 60, height: 16)
        #expect(screen.text.contains(" › [ ] Todo 25"))
        #expect(!screen.text.contains("Todo 1\n"))
    }

    @Test func redrawsOnlyTheRowsThatChanged() {
        var written: [String] = []
        let view = TodoTerminalView(height: 16) { written.append($0) }
        view.render(TodoScreen(Self.state, width: 60, height: 16))
        #expect(view.lastRedrawnRows == 16)
        var toggled = Self.state
        toggled.rows[1]?.isDone = true
        view.render(TodoScreen(toggled, width: 60, height: 16))
        // The row, the count line: nothing else.
        #expect(view.lastRedrawnRows == 2)
        #expect(written.last?.contains("\u{1B}[K") == true)
        view.render(TodoScreen(toggled, width: 60, height: 16))
        #expect(view.lastRedrawnRows == 0)
        #expect(written.count == 2)  // an unchanged screen writes nothing at all
    }
}
