import Foundation
import MVI
import TodoMVC

/// Line mode, when standard input is not a terminal: a command per line, the screen printed
/// after each one, toasts printed as they come.
enum LineMode {
    static func run(_ store: Store<TodoList>, devToolsURL: String?) async {
        let toasts = store.onSideEffect { effect in
            switch effect {
            case .toast(let text): print("! \(text)")
            }
        }
        defer { toasts.cancel() }
        await store.waitForIdle()
        show(store.state, devToolsURL: devToolsURL)
        while let line = readLine() {
            let commands = TodoLineCommand.commands(for: line, in: store.state)
            if commands.isEmpty {
                print(TodoLineCommand.help)
                continue
            }
            for command in commands {
                switch command {
                case .quit: return
                case .send(let intent):
                    store.send(intent)
                    await store.waitForIdle()
                }
            }
            show(store.state, devToolsURL: devToolsURL)
        }
    }

    private static func show(_ state: TodoList.State, devToolsURL: String?) {
        // Tall enough for every shown row: nothing scrolls away in a transcript.
        let height = state.visible.count + 9
        print(TodoScreen(state, extras: .init(devToolsURL: devToolsURL), width: 80, height: height).text)
        print("")
        fflush(nil)  // every stream: a pipe reader sees each screen at once
    }
}
