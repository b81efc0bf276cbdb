import Calculator
import Foundation
import MVI
import MVIDevTools
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
        let devTools = try await DevTools.start(timeTravel)
        devTools.register(calculator)
        devTools.register(loadStore)
        register(devTools)
        let logging = Task {
            guard let path = option("--state-log") else { return }
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            guard let file = FileHandle(forWritingAtPath: path) else { return }
            for await state in calculator.states {
                file.write(Data("Calculator value=\(state.value)\n".utf8))
            }
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
