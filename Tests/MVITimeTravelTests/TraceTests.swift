import Foundation
import MVI
import MVITimeTravel
import Synchronization
import Testing

/// Search as you type: each keystroke dispatches the query and starts a search that cancels
/// the one in flight; a search waits until the test lets it finish (or it is cancelled).
private struct Search: Feature {
    struct State: Equatable, Codable, Sendable {
        var query = ""
        var results: [String] = []
    }
    enum Intent: Sendable, Codable { case type(String), clear }
    enum Message: Sendable, Codable { case query(String), results([String]) }
    enum SideEffect: Sendable, Codable { case searched(String) }

    let gate: SearchGate

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .type(let query):
            context.dispatch(.query(query))  // TraceLines.dispatchQuery
            context.run(id: "search", cancelInFlight: true) { [gate] work in  // TraceLines.runSearch
                try await gate.wait(for: query)
                await work.dispatch(.results([query.uppercased()]))  // TraceLines.dispatchResults
                await work.post(.searched(query))  // TraceLines.postSearched
                work.send(.clear)  // TraceLines.sendClear
            }
        case .clear:
            context.post(.searched(""))  // TraceLines.postCleared
        }
    }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .query(let query): state.query = query
        case .results(let results): state.results = results
        }
    }
}

/// The lines of `Search`'s calls (checked against the source by `theLinesNamedAreTheCalls`).
private enum TraceLines {
    static let dispatchQuery = 23
    static let runSearch = 24
    static let dispatchResults = 26
    static let postSearched = 27
    static let sendClear = 28
    static let postCleared = 31
}

/// Lets searches finish one query at a time; a waiting search ends when its task is cancelled.
private final class SearchGate: Sendable {
    private let released = Mutex<Set<String>>([])

    func release(_ query: String) { released.withLock { _ = $0.insert(query) } }

    func wait(for query: String) async throws {
        while !released.withLock({ $0.contains(query) }) {
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

@Suite("Causal trace")
struct TraceTests {
    private let file = "MVITimeTravelTests/TraceTests.swift"

    private func site(_ line: Int) -> TimeTravelTrace.CallSite {
        TimeTravelTrace.CallSite(fileID: file, line: line)
    }

    /// Records two keystrokes: the first search is cancelled by the second, which finishes.
    private func recordSearch(
        _ timeTravel: TimeTravel
    ) async throws -> (store: Store<Search>, firstSend: Int, secondSend: Int) {
        let gate = SearchGate()
        let store = Store(
            Search(gate: gate), initialState: .init(), name: "Search", middleware: [try timeTravel.register("Search")])
        timeTravel.startRecording()
        let firstSend = #line + 1
        store.send(.type("a"))
        let secondSend = #line + 1
        store.send(.type("ab"))
        gate.release("ab")
        // The second search sends `.clear` as it ends; wait for its side effect.
        var polls = 0
        while timeTravel.events.filter({ $0.kind == .sideEffect }).count < 2 && polls < 5_000 {
            try await Task.sleep(for: .milliseconds(1))
            polls += 1
        }
        await store.waitForIdle()
        // The cancelled search ends on its own task: wait until its end is recorded.
        for _ in 0..<5_000 {
            guard let trace = timeTravel.trace(ofSequence: 1) else { break }  // nothing traced
            if trace.consequences.compactMap(\.work).first?.ending != nil { break }
            try await Task.sleep(for: .milliseconds(1))
        }
        return (store, firstSend, secondSend)
    }

    @Test func aSearchResultTracesToItsWorkAndTheKeystrokeThatStartedIt() async throws {
        let timeTravel = TimeTravel()
        let (store, _, secondSend) = try await recordSearch(timeTravel)
        let events = timeTravel.events
        let results = try #require(events.first { $0.kind == .message && $0.description.contains("results") })
        let trace = try #require(timeTravel.trace(of: results))

        #expect(trace.callSite == site(TraceLines.dispatchResults))
        #expect(trace.causes.count == 2)
        let work = try #require(trace.causes.first?.work)
        #expect(work.id == "search")
        #expect(work.storeName == "Search")
        #expect(work.description.hasPrefix("work \"search\", finished before #"))
        #expect(work.ending == .finished)
        let keystroke = try #require(trace.causes.last)
        #expect(keystroke.sequence == 4)
        #expect(keystroke.callSite == site(secondSend))
        #expect(trace.consequences.map(\.sequence) == [results.sequence + 1])
        withExtendedLifetime(store) {}
    }

    @Test func aKeystrokeShowsItsMessageAndItsCancelledSearch() async throws {
        let timeTravel = TimeTravel()
        let (store, firstSend, _) = try await recordSearch(timeTravel)
        let trace = try #require(timeTravel.trace(ofSequence: 1))

        #expect(trace.kind == .intent)
        #expect(trace.callSite == site(firstSend))
        #expect(trace.causes.isEmpty)
        #expect(trace.consequences.count == 2)
        let message = trace.consequences[0]
        #expect(message.subject == .event(2, .message))
        #expect(message.callSite == site(TraceLines.dispatchQuery))
        #expect(message.children.map(\.subject) == [.event(3, .state)])
        let search = try #require(trace.consequences[1].work)
        #expect(search.id == "search")
        #expect(search.ending == .cancelled)
        // Started after the first keystroke's events, cancelled once the second came.
        #expect(search.startedBefore == 4)
        #expect(try #require(search.endedBefore) >= 7)
        #expect(trace.consequences[1].children.isEmpty)
        withExtendedLifetime(store) {}
    }

    @Test func aFinishedSearchShowsEverythingItDidInOrder() async throws {
        let timeTravel = TimeTravel()
        let (store, _, secondSend) = try await recordSearch(timeTravel)
        let trace = try #require(timeTravel.trace(ofSequence: 4))
        let search = try #require(trace.consequences.last)
        #expect(search.work?.ending == .finished)
        let done = search.children
        #expect(
            done.map(\.callSite) == [
                site(TraceLines.dispatchResults), site(TraceLines.postSearched), site(TraceLines.sendClear),
            ])
        guard done.count == 3 else { return }
        #expect(done[0].children.count == 1)  // the state after the results
        if case .event(_, let kind) = done[2].subject { #expect(kind == .intent) }
        // The intent the work sent posted a side effect of its own.
        #expect(done[2].children.map(\.callSite) == [site(TraceLines.postCleared)])

        // That side effect traces back through the work's intent and the work to the keystroke.
        let cleared = try #require(done[2].children.first?.sequence)
        let up = try #require(timeTravel.trace(ofSequence: cleared))
        #expect(up.callSite == site(TraceLines.postCleared))
        #expect(
            up.causes.map(\.callSite) == [site(TraceLines.sendClear), nil, site(secondSend)])
        #expect(up.causes[1].work?.id == "search")
        withExtendedLifetime(store) {}
    }

    @Test func aStoppedTimelineKeepsItsTraces() async throws {
        let timeTravel = TimeTravel()
        let (store, firstSend, _) = try await recordSearch(timeTravel)
        let recording = try #require(timeTravel.trace(ofSequence: 1))
        timeTravel.stop()
        let stopped = try #require(timeTravel.trace(ofSequence: 1))
        #expect(stopped == recording)
        #expect(stopped.callSite == site(firstSend))
        withExtendedLifetime(store) {}
    }

    @Test func withCallSitesOffNothingIsTraced() async throws {
        let timeTravel = TimeTravel(callSites: false)
        let (store, _, _) = try await recordSearch(timeTravel)
        #expect(timeTravel.events.count >= 9)
        #expect(timeTravel.trace(ofSequence: 1) == nil)
        withExtendedLifetime(store) {}
    }

    @Test func anIntentQueuedBehindAnotherKeepsItsCallSite() async throws {
        // A send made while the store is busy on another thread is queued: its call site
        // travels with it.
        let timeTravel = TimeTravel()
        let gate = SearchGate()
        gate.release("x")
        let store = Store(
            Search(gate: gate), initialState: .init(), name: "Search", middleware: [try timeTravel.register("Search")])
        timeTravel.startRecording()
        let line = #line + 3
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<50 { store.send(.type("x")) } }
            }
        }
        await store.waitForIdle()
        let intents = timeTravel.events.filter { $0.kind == .intent && $0.description.contains("type") }
        #expect(intents.count == 400)
        for intent in intents {
            let trace = timeTravel.trace(of: intent)
            #expect(trace?.callSite == site(line))
        }
    }

    @Test func theLinesNamedAreTheCalls() throws {
        // `TraceLines` names lines of this file: moved, the tests above would fail with
        // confusing call sites, so check each against the source.
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let named = [
            ("dispatchQuery", TraceLines.dispatchQuery), ("runSearch", TraceLines.runSearch),
            ("dispatchResults", TraceLines.dispatchResults), ("postSearched", TraceLines.postSearched),
            ("sendClear", TraceLines.sendClear), ("postCleared", TraceLines.postCleared),
        ]
        for (name, line) in named {
            #expect(source[line - 1].hasSuffix("// TraceLines.\(name)"), "line \(line) is not \(name)")
        }
    }

    @Test func theTraceReadsAsText() async throws {
        let timeTravel = TimeTravel()
        let (store, firstSend, _) = try await recordSearch(timeTravel)
        let text = try #require(timeTravel.trace(ofSequence: 1)).description
        #expect(text.hasPrefix("#1 intent (\(file):\(firstSend))"))
        #expect(text.contains("→ #2 message (\(file):\(TraceLines.dispatchQuery))"))
        #expect(text.contains("→ work \"search\", cancelled before #"))
        withExtendedLifetime(store) {}
    }
}

@Suite("Causal trace: memory")
struct TraceMemoryTests {
    @Test func aSlotsCausesTakeFortyBytes() {
        #expect(TimeTravel.causeBytesPerSlot == 40)
    }
}

@Suite("Causal trace under load")
struct TraceStressTests {
    /// A store whose intents each start work that dispatches and posts from its own task.
    private struct Fanout: Feature {
        struct State: Equatable, Sendable { var count = 0 }
        enum Intent: Sendable { case start(Int) }
        enum Message: Sendable { case started, finished }
        enum SideEffect: Sendable { case done }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .start(let index):
                context.dispatch(.started)
                context.run(id: index % 3 == 0 ? "shared" : nil, cancelInFlight: index % 3 == 0) { work in
                    await work.dispatch(.finished)
                    await work.post(.done)
                }
            }
        }

        static func reduce(_ state: inout State, _ message: Message) { state.count += 1 }
    }

    /// Senders on several tasks, work ending on its own tasks, and a reader asking for traces
    /// all along (under ThreadSanitizer in CI): every trace read is whole, and each finished
    /// work's message traces back through its work to an intent with a call site.
    @Test func tracesReadWhileStoresRecordAreWhole() async throws {
        let timeTravel = TimeTravel(maxEvents: 100_000)
        let store = Store(
            Fanout(), initialState: .init(), name: "Fanout", middleware: [try timeTravel.register("Fanout")])
        timeTravel.startRecording()
        let sendLine = #line + 5
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for index in 0..<200 {
                        store.send(.start(sender * 1_000 + index))
                        if index % 50 == 0 { await Task.yield() }
                    }
                }
            }
            group.addTask {
                for round in 0..<200 {
                    let sequence = UInt64(1 + round * 7)
                    if let trace = timeTravel.trace(ofSequence: sequence) {
                        #expect(trace.sequence == sequence)
                    }
                    await Task.yield()
                }
            }
        }
        await store.waitForIdle()
        let finished = timeTravel.events.filter { $0.description == "finished" }
        #expect(!finished.isEmpty)
        for event in finished.prefix(100) {
            let trace = try #require(timeTravel.trace(of: event))
            #expect(trace.causes.count == 2)
            #expect(trace.causes.first?.work != nil)
            #expect(trace.causes.last?.callSite?.line == sendLine)
        }
    }
}
