import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVIJSON
import MVITimeTravel
import Synchronization
import Testing

// A feature whose async work reaches a server through a dependency with replayable endpoints:
// recorded with time travel, exported, and rerun offline with the recorded results.

enum ServerError: Error, Codable, Equatable, CustomStringConvertible {
    case rejected(String)
    var description: String {
        switch self {
        case .rejected(let item): "the server rejected \(item)"
        }
    }
}

/// Not `Codable`: a call returning it cannot be recorded.
struct ServerSession: Sendable {
    var id: Int
}

struct Server: Sendable {
    var search: @Sendable (String) async throws -> [String]
    var push: @Sendable (String) async throws(ServerError) -> Void
    var count: @Sendable () -> Int
    var open: @Sendable () async -> ServerSession
}

extension Server: TestDependencyKey {
    static let testValue = Server(
        search: { _ in
            Issue.record("search was not answered from the recording")
            return []
        },
        push: { _ in Issue.record("push was not answered from the recording") },
        count: {
            Issue.record("count was not answered from the recording")
            return 0
        },
        open: { ServerSession(id: 0) })

    /// Endpoints that answer from memory, each wrapped so that its results are recorded.
    static func recording(pushCalls: LockedCounter = LockedCounter()) -> Server {
        Server(
            search: replayable("server.search", errors: [ServerError.self]) { query in
                if query == "forbidden" { throw ServerError.rejected(query) }
                return ["\(query) 1", "\(query) 2"]
            },
            push: replayable("server.push") { (item: String) async throws(ServerError) in
                pushCalls.increment()
                if item.hasPrefix("bad") { throw .rejected(item) }
            },
            count: replayable("server.count") { 42 },
            open: replayable("server.open") { ServerSession(id: 7) })
    }

    /// The test values, wrapped the same way: what a rerun runs, whose endpoints fail the
    /// test if a call reaches them; but `open`, whose results a recording cannot keep, runs
    /// in a rerun, so it is given one that answers as the recorded session's did.
    static var replaying: Server {
        let fake = testValue
        return Server(
            search: replayable("server.search", errors: [ServerError.self], fake.search),
            push: replayable("server.push", fake.push),
            count: replayable("server.count", fake.count), open: replayable("server.open") { ServerSession(id: 7) })
    }
}

extension DependencyValues {
    var server: Server {
        get { self[Server.self] }
        set { self[Server.self] = newValue }
    }
}

final class LockedCounter: Sendable {
    private let value = Atomic(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

struct Queue: Feature {
    /// Today's feature, changed: it asks for the total after a push no more.
    var asksForTotal = true
    /// Today's feature, changed: it shouts a failure's text.
    var shoutsFailures = false

    struct State: Codable, Equatable, Sendable {
        var results: [String] = []
        var pushed: [String] = []
        var error: String?
        var total = 0
        var session = 0
    }
    enum Intent: Codable, Sendable { case search(String), push(String), refreshTotal, connect }
    enum Message: Codable, Sendable {
        case found([String]), pushed(String), failed(String), total(Int), connected(Int)
    }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .found(let results): state.results = results
        case .pushed(let item): state.pushed.append(item)
        case .failed(let reason): state.error = reason
        case .total(let total): state.total = total
        case .connected(let id): state.session = id
        }
    }

    func bootstrap(_ context: StoreContext<Self>) {
        context.send(.connect)
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        @Dependency(\.server) var server
        switch intent {
        case .search(let query):
            context.run(id: "search") { work in
                do {
                    await work.dispatch(.found(try await server.search(query)))
                } catch let error as ServerError {
                    await work.dispatch(.failed(error.description))
                }
            }
        case .push(let item):
            context.run { work in
                do throws(ServerError) {
                    try await server.push(item)
                    await work.dispatch(.pushed(item))
                    // The store's own intent: a rerun makes it again, never resends it.
                    work.send(.refreshTotal)
                } catch {
                    await work.dispatch(.failed(shoutsFailures ? error.description.uppercased() : error.description))
                }
            }
        case .refreshTotal:
            guard asksForTotal else { return }
            context.dispatch(.total(server.count()))
        case .connect:
            context.run { work in await work.dispatch(.connected(await server.open().id)) }
        }
    }
}

@Suite struct RerunTests {
    /// A session recorded with the endpoints' results: two searches, a push accepted and one
    /// rejected.
    static func recordedSession(pushCalls: LockedCounter = LockedCounter()) async throws -> Data {
        let timeTravel = TimeTravel()
        timeTravel.startRecording()
        let store = Store(
            Queue(), initialState: .init(), name: "Queue", middleware: [try timeTravel.register("Queue")],
            environment: .dependencies { $0.server = .recording(pushCalls: pushCalls) })
        // The bootstrap's connection ends before the first search: two works running at once
        // may end in either order, in the session and in a rerun (which sends each intent after
        // as many messages as the session had made, and no more).
        await store.waitForIdle()
        for intent: Queue.Intent in [
            .search("swift"), .push("milk"), .push("bad eggs"), .search("mvi"), .search("forbidden"),
        ] {
            store.send(intent)
            await store.waitForIdle()
        }
        #expect(store.state.error == "the server rejected forbidden")
        return try timeTravel.export()
    }

    @Test func theExportKeepsEachCallsResultInOrderAndWhoSentEachIntent() async throws {
        let recording = try TimeTravel.decodeRecording(try await Self.recordedSession())
        #expect(recording.version == 3)
        let store = try #require(recording.stores.first)
        let calls = try #require(store.calls)
        #expect(
            calls.map(\.name) == [
                "server.search", "server.push", "server.count", "server.push", "server.search", "server.search",
            ])
        #expect(calls[0].outcome == .returned && calls[0].result == .array([.string("swift 1"), .string("swift 2")]))
        #expect(calls[1].outcome == .returned && calls[1].result == nil)
        #expect(calls[2].result == .number(42))
        let failure = try #require(calls[3].error)
        #expect(calls[3].outcome == .threw)
        #expect(failure.type == String(reflecting: ServerError.self))
        #expect(failure.description == "the server rejected bad eggs")
        #expect(failure.value != nil)
        // Not `Codable`: named, not recorded.
        #expect(store.unrecordedCalls == ["server.open"])
        // Each call ended before the event numbered `before`, after the one before it.
        let sequences = recording.events.map(\.sequence)
        #expect(calls.allSatisfy { sequences.contains($0.before) })
        #expect(calls.map(\.before) == calls.map(\.before).sorted())

        let intents = recording.events.filter { $0.kind == .intent }
        #expect(
            intents.map(\.description) == [
                "connect", #"search("swift")"#, #"push("milk")"#, "refreshTotal", #"push("bad eggs")"#,
                #"search("mvi")"#,
                #"search("forbidden")"#,
            ])
        #expect(intents.map(\.origin) == [.store, .outside, .outside, .store, .outside, .outside, .outside])
        #expect(calls[5].outcome == .threw && calls[5].error?.description == "the server rejected forbidden")
    }

    @Test func aRerunReproducesTheSessionWithNoEndpointCalled() async throws {
        let data = try await Self.recordedSession()
        let rerun = try await TimeTravelReplay.rerun(
            data, feature: Queue(), environment: .dependencies { $0.server = .replaying })
        #expect(rerun.divergence == nil, "\(rerun)")
        #expect(rerun.isFaithful, "\(rerun)")
        #expect(rerun.intentsSent == 5)
        #expect(rerun.unrecordedCalls == ["server.open"])
        let finalState = try #require(rerun.replayed.events.last { $0.kind == .state })
        #expect(finalState.description.contains("the server rejected forbidden"))
        #expect(finalState.description.contains("total: 42"))
    }

    @Test func aChangedFeatureDivergesAtTheFirstEventItMakesDifferently() async throws {
        let data = try await Self.recordedSession()
        let rerun = try await TimeTravelReplay.rerun(
            data, feature: Queue(shoutsFailures: true), environment: .dependencies { $0.server = .replaying })
        let divergence = try #require(rerun.divergence)
        #expect(divergence.kind == .message)
        #expect(divergence.expectedDescription == #"message failed("the server rejected bad eggs")"#)
        #expect(divergence.actualDescription == #"message failed("THE SERVER REJECTED BAD EGGS")"#)
        #expect(!rerun.isFaithful)
    }

    @Test func anUntypedErrorIsThrownAgainAsItsTypeOnlyWhenTheEndpointNamesIt() async throws {
        let data = try await Self.recordedSession()
        // The same endpoint without `errors:`: the recorded `ServerError` comes back as a
        // `ReplayedFailure` with its text, which the feature's `catch let error as ServerError`
        // does not catch.
        let rerun = try await TimeTravelReplay.rerun(
            data, feature: Queue(),
            environment: .dependencies {
                $0.server = .replaying
                $0.server.search = replayable("server.search", Server.testValue.search)
            })
        let divergence = try #require(rerun.divergence)
        #expect(divergence.expectedDescription == #"message failed("the server rejected forbidden")"#)
        #expect(
            divergence.actualDescription
                == #"failure [Queue] async work "search" failed: the server rejected forbidden"#)
        #expect(rerun.unansweredCalls.isEmpty)
    }

    @Test func aFeatureThatNoLongerMakesACallLeavesItsResultUnused() async throws {
        let data = try await Self.recordedSession()
        let rerun = try await TimeTravelReplay.rerun(
            data, feature: Queue(asksForTotal: false), environment: .dependencies { $0.server = .replaying })
        #expect(rerun.unusedCalls == ["server.count": 1])
        let divergence = try #require(rerun.divergence)
        #expect(divergence.kind == .message)
        #expect(divergence.expectedDescription == "message total(42)", "\(divergence)")
    }

    /// An endpoint that cannot throw has no way to refuse a call the recording has no result
    /// for: it runs, from the rerun's environment, and the rerun reports it.
    @Test func aCallOfANonThrowingEndpointWithNoRecordedResultRunsAndIsReported() async throws {
        var recording = try TimeTravel.decodeRecording(try await Self.recordedSession())
        recording.stores[0].calls?.removeAll { $0.name == "server.count" }
        let rerun = try await TimeTravelReplay.rerun(
            recording, feature: Queue(),
            environment: .dependencies {
                $0.server = .replaying
                $0.server.count = replayable("server.count") { 42 }
            })
        #expect(rerun.unansweredCalls == ["server.count"])
        #expect(rerun.divergence == nil, "\(rerun)")
        #expect(!rerun.isFaithful)
    }

    /// Nothing reaches the outside world in a rerun: a call of a throwing endpoint that the
    /// recording has no result for is refused with a `ReplayedFailure` (it ran the endpoint
    /// before) and reported.
    @Test func aCallOfAThrowingEndpointWithNoRecordedResultIsRefusedAndReported() async throws {
        var recording = try TimeTravel.decodeRecording(try await Self.recordedSession())
        recording.stores[0].calls?.removeAll { $0.name == "server.search" }
        let liveCalls = LockedCounter()
        let rerun = try await TimeTravelReplay.rerun(
            recording, feature: Queue(),
            environment: .dependencies {
                $0.server = .replaying
                $0.server.search = replayable("server.search") { (query: String) async throws -> [String] in
                    liveCalls.increment()
                    return ["\(query) live"]
                }
            })
        #expect(liveCalls.count == 0)
        #expect(rerun.unansweredCalls == ["server.search", "server.search", "server.search"])
        // The refused search fails where the recording had its results.
        let divergence = try #require(rerun.divergence, "\(rerun)")
        #expect(divergence.actualDescription.contains("no result left for this call of server.search"), "\(divergence)")
        #expect(!rerun.isFaithful)
    }

    @Test func aStoreThatIsNotRecordedCallsTheEndpointsAndKeepsNothing() async throws {
        let pushCalls = LockedCounter()
        let timeTravel = TimeTravel()  // registered, never started
        let store = Store(
            Queue(), initialState: .init(), name: "Queue", middleware: [try timeTravel.register("Queue")],
            environment: .dependencies { $0.server = .recording(pushCalls: pushCalls) })
        store.send(.push("milk"))
        await store.waitForIdle()
        #expect(pushCalls.count == 1)
        #expect(store.state.pushed == ["milk"])
        timeTravel.startRecording()
        #expect(timeTravel.recording().stores.first?.calls == nil)

        // Outside any store, the endpoint is the endpoint.
        try await Server.recording(pushCalls: pushCalls).push("tea")
        #expect(pushCalls.count == 2)
    }

    @Test func aRecordingWithoutCausesCannotBeRerun() async throws {
        let timeTravel = TimeTravel(callSites: false)
        timeTravel.startRecording()
        let store = Store(
            Queue(), initialState: .init(), name: "Queue", middleware: [try timeTravel.register("Queue")],
            environment: .dependencies { $0.server = .recording() })
        store.send(.search("a"))
        await store.waitForIdle()
        let data = try timeTravel.export()
        await #expect(throws: TimeTravelReplayError.self) {
            _ = try await TimeTravelReplay.rerun(data, feature: Queue(), environment: .dependencies())
        }
        do {
            _ = try await TimeTravelReplay.rerun(data, feature: Queue(), environment: .dependencies())
        } catch {
            guard case .originsNotRecorded = error else {
                Issue.record("expected originsNotRecorded, got \(error)")
                return
            }
        }
    }

    @Test func workThatNeverEndsStallsTheRerunWithinItsTimeout() async throws {
        let data = try await Self.recordedSession()
        let rerun: TimeTravelRerun
        do {
            rerun = try await TimeTravelReplay.rerun(
                data, feature: Queue(),
                environment: .dependencies {
                    $0.server = .replaying
                    // Opening a session never returns.
                    $0.server.open = replayable("server.open") {
                        try? await Task.sleep(for: .seconds(3_600))
                        return ServerSession(id: 0)
                    }
                }, timeout: .milliseconds(200))
        } catch {
            guard case .timedOut(store: "Queue", _, _, let leftRunning) = error, leftRunning == ["work without an id"]
            else {
                Issue.record("expected a timeout with the opening left running, got \(error)")
                return
            }
            return
        }
        Issue.record("expected the rerun to stall: \(rerun)")
    }

    @Test func anAppRerunsAnImportedRecordingWithItsRegisteredStoresFeatureAndEnvironment() async throws {
        let data = try await Self.recordedSession()
        // The developer's build: the same store, registered, in an environment whose endpoints
        // must not be reached (the recording answers them).
        let timeTravel = TimeTravel()
        let store = Store(
            Queue(), initialState: .init(), name: "Queue", middleware: [try timeTravel.register("Queue")],
            environment: .dependencies { $0.server = .replaying })
        await store.waitForIdle()
        try timeTravel.import(data)
        let reruns = await timeTravel.rerunImportedRecording()
        #expect(reruns.map(\.storeName) == ["Queue"])
        let rerun = try #require(try reruns.first?.result.get())
        #expect(rerun.isFaithful, "\(rerun)")
        #expect(rerun.intentsSent == 5)
        // The registered store shows the recording, untouched by the rerun.
        #expect(store.state.error == "the server rejected forbidden")
        #expect(timeTravel.cancel())
        #expect(store.state.error == nil)
        #expect(await timeTravel.rerunImportedRecording().isEmpty == false)  // still the imported one
        #expect(timeTravel.startRecording())
        #expect(await timeTravel.rerunImportedRecording().isEmpty)
    }

    @Test func anExportedRecordingRoundTripsItsCallsThroughImport() async throws {
        let data = try await Self.recordedSession()
        let original = try TimeTravel.decodeRecording(data)
        let timeTravel = TimeTravel()
        try timeTravel.import(data)
        let again = timeTravel.recording()
        #expect(again.stores.first?.calls == original.stores.first?.calls)
        #expect(again.stores.first?.unrecordedCalls == original.stores.first?.unrecordedCalls)
        #expect(again.events.map(\.origin) == original.events.map(\.origin))
    }
}
