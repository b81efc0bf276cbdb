import Calculator
import Dependencies
import Foundation
import Logging
import MVI
import MVIDependencies
import MVIDevTools
import MVILogging
import MVITimeTravel

/// `mvi-examples --devtools [--state-log FILE] [--load EVENTS_PER_SECOND]`: after the
/// walkthrough, keeps the samples running with the DevTools page open until SIGINT or SIGTERM,
/// printing the URL to open. `--state-log` appends the Calculator's value to a file at each
/// change (the browser test reads it); `--load` drives a store at about that many events per
/// second, to watch the page keep up.
enum DevToolsMode {
    static var isRequested: Bool { CommandLine.arguments.contains("--devtools") }

    static func option(_ name: String) -> String? {
        guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count
        else { return nil }
        return CommandLine.arguments[index + 1]
    }

    /// `mvi-examples --check-recording FILE`: imports an exported recording into a new
    /// controller and says how many events it holds (exit status 1 if it does not import).
    static func checkRecordingIfAsked() {
        guard let path = option("--check-recording") else { return }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let timeTravel = TimeTravel()
            try timeTravel.import(data)
            print(
                "recording imports: \(timeTravel.eventCount) events from \(timeTravel.recording().stores.count) stores")
            exit(0)
        } catch {
            print("recording does not import: \(error)")
            exit(1)
        }
    }

    static func run(
        timeTravel: TimeTravel, calculator: Store<CalculatorStore>, register: (DevTools) -> Void
    ) async throws {
        let load = option("--load").flatMap(Int.init) ?? 0
        let loadStore = Store(
            Load(), initialState: .init(), name: "Load", middleware: [try timeTravel.register("Load")],
            onError: StoreErrorHandler { error in print("Load failed: \(error)") })
        // Every event of the sign-in is logged (messages and states too): the browser test
        // reads the log for the password.
        let signIn = Store(
            SignIn(), initialState: .init(), name: "SignIn",
            middleware: [.logging(logger: walkthroughLogger, levels: .all(.info)), try timeTravel.register("SignIn")])
        // In swift-dependencies' environment: its word index is a replayable endpoint, so a
        // recording keeps what each search found, and the page's Rerun answers from it.
        let search = Store(
            Search(), initialState: .init(), name: "Search", middleware: [try timeTravel.register("Search")],
            environment: .dependencies())
        let devTools = try await DevTools.start(timeTravel)
        devTools.register(calculator)
        devTools.register(loadStore)
        devTools.register(signIn)
        devTools.register(search)
        register(devTools)
        let logging = Task {
            guard let path = option("--state-log") else { return }
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            guard let file = FileHandle(forWritingAtPath: path) else { return }
            let signInLines = Task {
                for await state in signIn.states {
                    // Whether the app still holds the real password: never the password itself.
                    let intact = state.password == SignIn.savedPassword
                    file.write(
                        Data("SignIn user=\(state.user) attempts=\(state.attempts) passwordIntact=\(intact)\n".utf8))
                }
            }
            for await state in calculator.states {
                file.write(Data("Calculator value=\(state.value)\n".utf8))
            }
            signInLines.cancel()
        }
        let driving = Task.detached {
            guard load > 0 else { return }
            // Three events per intent (intent, message, state), in bursts every 10 ms.
            let perBurst = max(1, load / 3 / 100)
            while !Task.isCancelled {
                for _ in 0..<perBurst { loadStore.send(.tick) }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        print("DevTools running; stop with Ctrl-C.")
        await waitForTermination()
        driving.cancel()
        logging.cancel()
        await devTools.stop()
        print("DevTools stopped.")
    }

    /// Returns on SIGINT or SIGTERM.
    static func waitForTermination() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        for await _ in stream { break }
        for source in sources { source.cancel() }
    }
}

/// A sign-in whose password is sensitive: the page, the exported recording, the generated test
/// and the log show `<redacted>` where it is (the browser test looks for the password in each).
/// Its intent signs in with the password the app keeps; the page never types it.
struct SignIn: Feature {
    /// The password the app keeps (in a real app, the keychain's).
    static let savedPassword = "hunter2-never-shown"

    struct State: Sendable, Codable, Equatable {
        var user = ""
        @Sensitive var password = ""
        var attempts = 0
    }
    enum Intent: Sendable, Codable {
        case signInWithSavedPassword(user: String)
    }
    enum Message: Sendable, Codable {
        case signedIn(user: String, password: Sensitive<String>)
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .signInWithSavedPassword(let user):
            context.dispatch(.signedIn(user: user, password: Sensitive(Self.savedPassword)))
        }
    }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .signedIn(let user, let password):
            state.user = user
            state.password = password.wrappedValue
            state.attempts += 1
        }
    }
}

/// Search as you type: each keystroke dispatches the query and starts a search after a pause
/// (`debounce`), which the next keystroke cancels. The browser test types three letters from
/// the page and traces the result back through the one search that finished, and the first
/// keystroke forward to its cancelled search.
struct Search: Feature {
    struct State: Sendable, Codable, Equatable {
        var query = ""
        var results: [String] = []
    }
    enum Intent: Sendable, Codable {
        case queryChanged(query: String)
    }
    enum Message: Sendable, Codable {
        case queryChanged(String)
        case resultsLoaded([String])
    }
    enum SideEffect: Sendable, Codable {
        case searched(String)
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .queryChanged(let query):
            context.dispatch(.queryChanged(query))
            context.debounce(id: "search", for: .milliseconds(400), clock: ContinuousClock()) { work in
                @Dependency(\.wordIndex) var index
                await work.dispatch(.resultsLoaded(try await index.lookUp(query)))
                await work.post(.searched(query))
            }
        }
    }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .queryChanged(let query): state.query = query
        case .resultsLoaded(let results): state.results = results
        }
    }
}

/// What ``Search`` searches: a dependency whose one endpoint is replayable.
struct WordIndex: Sendable, DependencyKey {
    /// The words starting with a query.
    var lookUp: @Sendable (String) async throws -> [String]

    /// What the sample searches.
    static let words = ["store", "swift", "swiftui", "switch", "sweep", "sync"]

    static let liveValue = WordIndex(
        lookUp: replayable("wordIndex.lookUp") { query in words.filter { $0.hasPrefix(query.lowercased()) } })
}

extension DependencyValues {
    /// What ``Search`` searches.
    var wordIndex: WordIndex {
        get { self[WordIndex.self] }
        set { self[WordIndex.self] = newValue }
    }
}

/// The store `--load` drives: a counter whose every tick is an intent, a message and a state.
/// Its `request` intent starts a request that fails, so that the debugger has a failure to
/// show (the browser test sends it from the page).
struct Load: Feature {
    struct State: Sendable, Codable, Equatable {
        var ticks = 0
    }
    enum Intent: Sendable, Codable {
        case tick
        case request
    }

    /// What the sample request fails with.
    struct RequestFailed: Error, CustomStringConvertible {
        var description: String { "the sample server did not answer (a failure on purpose)" }
    }
    enum Message: Sendable, Codable {
        case ticked
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .tick: context.dispatch(.ticked)
        case .request: context.run(id: "request") { _ in throw RequestFailed() }
        }
    }

    static func reduce(_ state: inout State, _ message: Message) {
        state.ticks += 1
    }
}
