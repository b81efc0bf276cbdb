// TodoMVC in the terminal, on swift-mvi: `swift run --package-path Examples todo --help`.

import ArgumentParser
import Foundation
import Logging
import MVI
import MVIDevTools
import MVILogging
import MVIStateKeeper
import MVITimeTravel
import TodoMVC

/// The `todo` command: parses the flags, builds the store (restored, kept saved, with the
/// debugger and logging when asked), and runs the full-screen app, or line mode when standard
/// input is not a terminal.
@main
struct TodoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo",
        abstract: "TodoMVC in the terminal, built with swift-mvi.",
        discussion: """
            Keys: \(TodoKeyMap.help.joined(separator: "   "))
            The list is saved on every change in \(TodoPersistence.defaultDirectory())/todos.json.
            One todo at a time uses a folder: a second one started on it says so and exits with status 1.
            Without a terminal on standard input it reads commands line by line (\(TodoLineCommand.help)).
            """)

    @Option(help: "The directory the list is saved in.")
    var data: String = TodoPersistence.defaultDirectory()

    @Option(help: ArgumentHelp("Write the store's log (MVILogging) to this file.", valueName: "path"))
    var log: String?

    @Flag(help: "Start the DevTools debugger and show its address.")
    var devtools = false

    @Option(name: .customLong("sync-latency-ms"), help: "How long a sync with the fake remote takes, in milliseconds.")
    var syncLatencyMilliseconds = 1200

    @Flag(help: "Make every sync fail halfway through.")
    var syncFails = false

    @Option(name: .customLong("search-delay-ms"), help: "How long typing must pause before a search applies.")
    var searchDelayMilliseconds = 250

    @Flag(help: "Read commands line by line even from a terminal.")
    var lineMode = false

    func run() async throws {
        // First, before anything is shown or saved: a second todo on this folder would save
        // over this one's changes (and this one over its), so it is refused.
        let (lock, lockProblem) = try Self.lockData(data)
        let logger = try log.map { path in try FileLogHandler.logger(path: path) }
        // Its failures go to the log: standard error would write over the screen.
        let timeTravel =
            devtools
            ? TimeTravel(maxEvents: 10_000, onError: StoreErrorHandler { error in logger?.error("\(error)") }) : nil
        var middleware: [any Middleware<TodoList>] = []
        if let logger { middleware.append(.logging(logger: logger, maxValueLength: 300)) }
        if let timeTravel { middleware.append(try timeTravel.register("Todos", for: TodoList.self)) }

        let clock = ContinuousClock()
        let feature = TodoList(
            remote: TodoRemote(latency: .milliseconds(syncLatencyMilliseconds), fails: syncFails, clock: clock),
            clock: clock, searchDelay: .milliseconds(searchDelayMilliseconds))
        let keeper = try TodoPersistence.keeper(directory: data)
        let store = TodoApp.makeStore(
            feature, keeper: keeper, middleware: middleware,
            onError: { error in logger?.error("\(error)") })
        if let lockProblem { store.send(.reportProblem(lockProblem)) }

        var devTools: DevTools?
        if let timeTravel {
            // Printed before the full screen opens, and kept on the status line.
            devTools = try await DevTools.start(timeTravel)
            devTools?.register(store)
        }
        if lineMode || !RawTerminal.isInteractive {
            await LineMode.run(store, devToolsURL: devTools?.url)
        } else {
            let drawing = await FullScreen.run(store, devToolsURL: devTools?.url)
            logger?.info(
                "screen: \(drawing.renders) renders wrote \(drawing.rowsWritten) rows (\(drawing.rows) rows a screen)")
        }
        keeper.flush()
        store.cancel()
        await devTools?.stop()
        lock?.release()  // after the last save
    }

    /// Takes the data folder's lock. Another todo holding it: a message on standard error and
    /// exit status 1. The lock cannot be taken at all (a read-only folder whose lock file was
    /// never made): the app runs without it, and the returned problem says so on the screen.
    static func lockData(_ directory: String) throws -> (FileStateLock?, String?) {
        do {
            return (try TodoPersistence.lock(directory: directory), nil)
        } catch let error as FileStateLockedError {
            let holder = error.holder.map { " (pid \($0))" } ?? ""
            let message = """
                todo: the list in \(directory) is open in another todo\(holder).
                Quit that one first, or pass --data to use another folder.

                """
            FileHandle.standardError.write(Data(message.utf8))
            throw ExitCode.failure
        } catch {
            return (nil, "Not locked, so another todo could save over this one's changes: \(error)")
        }
    }
}
