import Foundation
import MVI
import MVIDependencies
import MVITimeTravel

/// `mvi-examples --flight DIRECTORY`: the Search sample on a flight recorder that writes into
/// `DIRECTORY` every 200 ms. It sends two searches, prints `flight written` once the recorder's
/// own thread (not a flush) has put both results on disk, and waits to be killed: the browser
/// test kills it with SIGKILL, opens `DIRECTORY/Search.json` in the DevTools page and reruns it
/// there, the searches answered from the results the file recorded.
enum FlightMode {
    static func runIfAsked() async throws {
        guard let path = DevToolsMode.option("--flight") else { return }
        let directory = URL(fileURLWithPath: path)
        let flight = FlightRecorder(directory: directory, flushInterval: .milliseconds(200))
        let search = Store(
            Search(), initialState: .init(), name: "Search", middleware: [try flight.register("Search")],
            environment: .dependencies())
        for query in ["sw", "swi"] {
            search.send(.queryChanged(query: query))
            await search.waitForIdle()  // the debounced search has answered
        }
        let file = directory.appendingPathComponent("Search.json")
        while try !holdsBothResults(file) {
            try await Task.sleep(for: .milliseconds(20))
        }
        // Written at once, not through print's buffer: the test waits for this line.
        FileHandle.standardOutput.write(Data("flight written: \(file.path)\n".utf8))
        while true {
            try await Task.sleep(for: .seconds(1))
        }
    }

    /// Whether the file the recorder wrote holds both searches' results.
    static func holdsBothResults(_ file: URL) throws -> Bool {
        guard let data = try? Data(contentsOf: file) else { return false }
        let events = try TimeTravel.decodeRecording(data).events
        return events.filter { $0.kind == .message && $0.description.hasPrefix("resultsLoaded") }.count == 2
    }
}
