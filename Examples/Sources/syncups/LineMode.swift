import Foundation
import MVI
import SyncUps

/// Line mode, when standard input is not a terminal: each line is keys, the screen printed
/// after each line.
enum LineMode {
    static let help = "text is typed; <enter> <esc> <up> <down> <left> <right> <tab> <bs> <del> <c-n> are keys"

    static func run(_ store: Store<SyncUpsApp>) async {
        var terminal = SyncUpsTerminal()
        await settle(store)
        show(terminal, store.state)
        while let line = readLine() {
            for key in SyncUpsKey.parse(line: line) {
                switch terminal.command(for: key, in: store.state) {
                case .quit?: return
                case .send(let intent)?:
                    store.send(intent)
                    await settle(store)
                case nil: break
                }
            }
            show(terminal, store.state)
        }
    }

    /// Until the store has handled what was sent: a meeting's timer keeps work running, so
    /// this cannot wait for the store to be idle.
    private static func settle(_ store: Store<SyncUpsApp>) async {
        while store.pendingInputCount > 0 { try? await Task.sleep(for: .milliseconds(5)) }
        try? await Task.sleep(for: .milliseconds(20))
    }

    private static func show(_ terminal: SyncUpsTerminal, _ state: SyncUpsApp.State) {
        print(terminal.text(state))
        print("")
        fflush(nil)  // a pipe reader sees each screen at once
    }
}
