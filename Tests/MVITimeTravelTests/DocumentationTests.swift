import Foundation
import MVI
import MVIFixtures
import MVITimeTravel
import Testing

/// The samples of the "Time travel" article (`MVITimeTravel.docc/UsingTimeTravel.md`),
/// compiled and run.
@Suite struct DocumentationTests {
    @Test func registerRecordStepAndCancel() throws {
        let timeTravel = TimeTravel(maxEvents: 10_000)
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [try timeTravel.register("Counter")])

        timeTravel.startRecording()
        store.send(.add(1))
        store.send(.add(2))

        timeTravel.stop()  // every registered store holds its live input
        timeTravel.stepBackward()  // the store shows the state after add(1)
        #expect(store.state.count == 1)
        store.send(.add(5))  // held, not lost
        timeTravel.cancel()  // back to live; add(5) is applied now
        #expect(store.state.count == 8)
    }

    @Test func replayOneEvent() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        store.send(.add(5))

        let event = timeTravel.events.first { $0.kind == .intent && $0.description == "add(5)" }!
        let result = try timeTravel.replay(event)
        print(result)  // the state before, the messages it dispatched, the state after
        #expect(result.messages == ["added(5)"])
        #expect(result.description.contains("messages: added(5)"))
    }

    @Test func exportAndImport() throws {
        let recorder = TimeTravel()
        let device = try makeCounter(recorder)
        recorder.startRecording()
        device.send(.add(1))
        let data: Data = try recorder.export()  // write it to a file, send it over

        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        do {
            try timeTravel.import(data)  // stopped at the last event
        } catch {
            Issue.record("\(error)")  // error: TimeTravelImportError, naming what is wrong
        }
        timeTravel.moveToStart()
        #expect(store.state.count == 0)
        timeTravel.cancel()
    }

    @Test func recordedSessionStillReduces() throws {
        let recording = try recordedExport()  // in a real test: Data(contentsOf: fixtureURL)
        let divergence = try TimeTravelReplay.firstDivergence(in: recording, of: Counter.self)
        #expect(divergence == nil, "\(divergence.map(String.init(describing:)) ?? "")")
    }
}

/// The "Causal trace" sample of the article: search as you type, the first search cancelled
/// by the second keystroke.
private struct DocSearch: Feature {
    struct State: Equatable, Sendable {
        var query = ""
        var results: [String] = []
    }
    enum Intent: Sendable { case type(String) }
    enum Message: Sendable { case query(String), results([String]) }
    typealias SideEffect = Never

    /// The search service: answers `ab` at once and waits on anything else until cancelled.
    struct API: Sendable {
        func search(_ query: String) async throws -> [String] {
            if query != "ab" { try await Task.sleep(for: .seconds(3600)) }
            return [query.uppercased()]
        }
    }
    let api = API()

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .type(let query):
            context.dispatch(.query(query))
            context.run(id: "search", cancelInFlight: true) { [api] work in
                await work.dispatch(.results(try await api.search(query)))
            }
        }
    }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .query(let query): state.query = query
        case .results(let results): state.results = results
        }
    }
}

@Suite struct CausalTraceDocumentationTests {
    @Test func recordedSessionRunsAgain() async throws {
        let timeTravel = TimeTravel()
        let device = try makeCounter(timeTravel)
        timeTravel.startRecording()
        device.send(.add(2))
        device.send(.add(3))
        let fixtureURL = URL.temporaryDirectory.appending(path: "counter-\(UUID()).json")
        try timeTravel.export().write(to: fixtureURL)
        defer { try? FileManager.default.removeItem(at: fixtureURL) }

        let recording = try Data(contentsOf: fixtureURL)  // exported from a device
        let rerun = try await TimeTravelReplay.rerun(recording, feature: Counter())
        #expect(rerun.isFaithful, "\(rerun)")
        #expect(rerun.intentsSent == 2)
    }

    @Test func traceOfASearchResult() async throws {
        let timeTravel = TimeTravel()
        let store = Store(
            DocSearch(), initialState: .init(), name: "Search", middleware: [try timeTravel.register("Search")])
        timeTravel.startRecording()
        let secondLine = #line + 2
        store.send(.type("a"))
        store.send(.type("ab"))
        await store.waitForIdle()
        // The first search ends on its own task once cancelled.
        var polls = 0
        while timeTravel.trace(ofSequence: 1)?.consequences.last?.work?.ending == nil && polls < 2_000 {
            try await Task.sleep(for: .milliseconds(1))
            polls += 1
        }
        let results = timeTravel.events.first { $0.description.hasPrefix("results") }!
        let text = timeTravel.trace(of: results)!.description
        print(text)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "caused by #4 intent (MVITimeTravelTests/DocumentationTests.swift:\(secondLine))")
        #expect(lines[1].hasPrefix("caused by work \"search\", finished before #"))
        #expect(lines[2].hasPrefix("#7 message (MVITimeTravelTests/DocumentationTests.swift:"))
        #expect(lines[3] == "  → #8 state")
        let first = timeTravel.trace(ofSequence: 1)!
        #expect(first.consequences.last?.work?.ending == .cancelled)
        #expect(first.consequences.last?.work?.description.hasPrefix("work \"search\", cancelled before #") == true)
    }
}
