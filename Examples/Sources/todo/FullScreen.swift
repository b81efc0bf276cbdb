import Foundation
import MVI
import MVIView
import TodoMVC

/// The full-screen app: raw mode on the alternate screen, the view rendering every state the
/// store shows (time travel's included), keys sent as intents, toasts shown for a while.
@MainActor
enum FullScreen {
    /// What the loop reacts to, from every source, in one stream.
    enum Event: Sendable {
        case state(TodoList.State)
        case input([UInt8])
        case toast(String)
        case toastExpired(Int)
        case resized
        case quit
    }

    static let toastDuration: Duration = .seconds(5)

    /// What the screen cost: renders, and rows written (of `rows` per full screen).
    struct Drawing {
        var renders = 0
        var rowsWritten = 0
        var rows = 0
    }

    /// Runs until `q`, a signal, or the end of input; returns what drawing cost.
    static func run(_ store: Store<TodoList>, devToolsURL: String?) async -> Drawing {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let terminal = RawTerminal()
        terminal.enter()
        defer { terminal.restore() }

        // Ctrl-C, kill and a closed terminal end the loop, which restores the terminal.
        let signals = [SIGINT, SIGTERM, SIGHUP, SIGWINCH].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number == SIGWINCH ? .resized : .quit) }
            source.resume()
            return source
        }
        defer { for source in signals { source.cancel() } }
        let states = Task {
            for await state in store.states(bufferingPolicy: .bufferingNewest(1)) { continuation.yield(.state(state)) }
        }
        let toasts = store.onSideEffect { effect in
            switch effect {
            case .toast(let text): continuation.yield(.toast(text))
            }
        }
        let input = Task {
            for await bytes in RawTerminal.input() { continuation.yield(.input(bytes)) }
            continuation.yield(.quit)
        }
        defer {
            states.cancel()
            toasts.cancel()
            input.cancel()
        }

        var state = store.state
        var extras = TodoScreen.Extras(devToolsURL: devToolsURL)
        var toastNumber = 0
        var size = RawTerminal.size()
        var drawing = Drawing(rows: size.height)
        var (view, keys) = makeView(height: size.height, store: store, quit: { continuation.yield(.quit) })
        defer { keys.cancel() }
        view.render(TodoScreen(state, extras: extras, width: size.width, height: size.height))
        for await event in events {
            switch event {
            case .state(let new): state = new
            case .input(let bytes):
                for key in TerminalKey.parse(bytes) { view.dispatch(key) }
                continue
            case .toast(let text):
                toastNumber += 1
                extras.toast = text
                let number = toastNumber
                Task {
                    try? await Task.sleep(for: toastDuration)
                    continuation.yield(.toastExpired(number))
                }
            case .toastExpired(let number):
                guard number == toastNumber else { continue }
                extras.toast = nil
            case .resized:
                size = RawTerminal.size()
                RawTerminal.write("\u{1B}[2J")
                keys.cancel()
                drawing.renders += view.renderCount
                drawing.rowsWritten += view.redrawnRows
                (view, keys) = makeView(height: size.height, store: store, quit: { continuation.yield(.quit) })
            case .quit:
                drawing.renders += view.renderCount
                drawing.rowsWritten += view.redrawnRows
                return drawing
            }
            view.render(TodoScreen(state, extras: extras, width: size.width, height: size.height))
        }
        drawing.renders += view.renderCount
        drawing.rowsWritten += view.redrawnRows
        return drawing
    }

    /// A view of `height` rows whose keys become the store's intents, as long as the
    /// subscription lasts.
    private static func makeView(
        height: Int, store: Store<TodoList>, quit: @escaping @Sendable () -> Void
    ) -> (TodoTerminalView, Subscription) {
        let view = TodoTerminalView(height: height, output: RawTerminal.write)
        let keys = view.onEvent { key in
            switch TodoKeyMap.command(for: key, in: store.state) {
            case .send(let intent): store.send(intent)
            case .quit: quit()
            case nil: break
            }
        }
        return (view, keys)
    }
}
