// TCA's SyncUps in the terminal, on swift-mvi: `swift run --package-path Examples syncups --help`.

import ArgumentParser
import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVIStateKeeper
import SyncUps
import TodoMVC

/// The `syncups` command: builds the store (restored and kept saved) with the live
/// dependencies and the flags' overrides of the clock and speech, and runs the full-screen app, or line mode when standard input is not a terminal.
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
        // One override for the whole app: every feature, and the fake recognizer, read these.
        let environment = DependenciesEnvironment.dependencies {
            $0.continuousClock = ScaledClock(scale: Double(secondMilliseconds) / 1000)
            $0.speechClient = speechClient
        }
        let session: SyncUpsSession
        do {
            session = try await SyncUpsSession(directory: data, environment: environment)
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

    private var speechClient: SpeechClient {
        switch speech {
        case .authorized: .fake()
        case .denied: .fake(status: .denied)
        case .restricted: .fake(status: .restricted)
        case .failing: .fake(failAfter: 4)
        }
    }
}
