// TCA's SyncUps in the terminal, on swift-mvi: `swift run --package-path Examples syncups --help`.

import ArgumentParser
import Foundation
import MVI
import MVIStateKeeper
import SyncUps
import TodoMVC

/// The `syncups` command: builds the store (restored and kept saved) with the terminal's
/// dependencies, and runs the full-screen app, or line mode when standard input is not a terminal.
@main
struct SyncUpsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "syncups",
        abstract: "TCA's SyncUps in the terminal, built with swift-mvi.",
        discussion: """
            The sync-ups are saved on every change in \(SyncUpsPersistence.defaultDirectory())/syncups.json.
            Without a terminal on standard input it reads key lines (\(LineMode.help)).
            """)

    /// What the fake recognizer does.
    enum Speech: String, ExpressibleByArgument, CaseIterable {
        case authorized, denied, restricted, failing
    }

    @Option(help: "The directory the sync-ups are saved in.")
    var data: String = SyncUpsPersistence.defaultDirectory()

    @Flag(help: "Read key lines from standard input even from a terminal.")
    var lineMode = false

    @Option(name: .customLong("second-ms"), help: "How long a meeting's second lasts, in milliseconds (fast demos).")
    var secondMilliseconds = 1000

    @Option(help: "What speech recognition does: authorized, denied, restricted or failing.")
    var speech: Speech = .authorized

    func run() async throws {
        let clock = ScaledClock(scale: Double(secondMilliseconds) / 1000)
        let dependencies = SyncUpsDependencies(
            clock: clock, uuid: { UUID() }, now: { Date() }, speech: speechClient(clock: clock),
            openSettings: {})
        let session: SyncUpsSession
        do {
            session = try await SyncUpsSession(dependencies: dependencies, directory: data)
        } catch let error as FileStateLockedError {
            let holder = error.holder.map { " (pid \($0))" } ?? ""
            FileHandle.standardError.write(Data("syncups: \(data) is open in another syncups\(holder).\n".utf8))
            throw ExitCode.failure
        }
        if lineMode || !RawTerminal.isInteractive {
            await LineMode.run(session)
        } else {
            await FullScreen.run(session)
        }
        await session.close()
    }

    private func speechClient(clock: ScaledClock) -> SpeechClient {
        switch speech {
        case .authorized: .fake(clock: clock)
        case .denied: .fake(status: .denied, clock: clock)
        case .restricted: .fake(status: .restricted, clock: clock)
        case .failing: .fake(clock: clock, failAfter: 4)
        }
    }
}
