import Foundation
import SyncUps

/// Line mode, when standard input is not a terminal: each line is keys, the screen printed
/// after each line.
@MainActor
enum LineMode {
    nonisolated static let help =
        "text is typed; <enter> <esc> <up> <down> <left> <right> <tab> <bs> <del> <c-n> are keys"

    static func run(_ session: SyncUpsSession) async {
        await session.settle()
        show(session)
        while let line = readLine() {
            for key in SyncUpsKey.parse(line: line) {
                guard session.press(key) else { return }
                await session.settle()
            }
            show(session)
        }
    }

    private static func show(_ session: SyncUpsSession) {
        print(session.screen().joined(separator: "\n"))
        print("")
        fflush(nil)  // a pipe reader sees each screen at once
    }
}
