import Foundation
import SyncUps
import TodoMVC

/// The full-screen app: raw mode on the alternate screen, redrawn on every state, keys sent
/// as intents. Ctrl-C, kill and a closed terminal end it with the terminal restored.
@MainActor
enum FullScreen {
    enum Event: Sendable {
        case changed
        case input([UInt8])
        case resized
        case quit
    }

    static func run(_ session: SyncUpsSession) async {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let terminal = RawTerminal()
        terminal.enter()
        defer { terminal.restore() }
        let signals = [SIGINT, SIGTERM, SIGHUP, SIGWINCH].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number == SIGWINCH ? .resized : .quit) }
            source.resume()
            return source
        }
        defer { for source in signals { source.cancel() } }
        let changes = session.changes()
        let states = Task {
            for await _ in changes { continuation.yield(.changed) }
        }
        let input = Task {
            for await bytes in RawTerminal.input() { continuation.yield(.input(bytes)) }
            continuation.yield(.quit)
        }
        defer {
            states.cancel()
            input.cancel()
        }
        var size = RawTerminal.size()
        draw(session.screen(width: size.width, height: size.height))
        for await event in events {
            switch event {
            case .changed: break
            case .input(let bytes):
                for key in SyncUpsKey.parse(bytes) where !session.press(key) { return }
            case .resized: size = RawTerminal.size()
            case .quit: return
            }
            draw(session.screen(width: size.width, height: size.height))
        }
    }

    /// Every line from the top, each cleared to its end.
    private static func draw(_ lines: [String]) {
        var text = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            text += line + "\u{1B}[K" + (index == lines.count - 1 ? "" : "\r\n")
        }
        RawTerminal.write(text + "\u{1B}[J")
    }
}
