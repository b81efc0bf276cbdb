import Clocks
import Foundation
import MVI
import MVIDependencies
import MVITimeTravel
import OrderedCollections
import Testing
import TodoMVC

/// A recording exported from the running app (`todo --devtools --sync-fails`, two todos added,
/// one toggled, a sync that fails halfway: `Examples/record-failing-sync`) replays offline: the
/// list's reducer reproduces every recorded state, the failure included, and time travel shows
/// the failed sync on a store that never reaches a remote, and a rerun runs the session's
/// intents again, the sync's async work included, with the remote's recorded answers.
@Suite struct SyncFailureReplayTests {
    static func recording() throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: "failing-sync", withExtension: "json", subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    @Test func theReducerReproducesEveryRecordedStateTheFailureIncluded() throws {
        let data = try Self.recording()
        #expect(try TimeTravelReplay.firstDivergence(in: data, of: TodoList.self) == nil)
        let events = try TimeTravel.decodeRecording(data).events
        let failed = try #require(events.firstIndex { $0.kind == .message && $0.description.hasPrefix("syncFailed(") })
        // The failure's state is among those the replay compared.
        #expect(events[(failed + 1)...].contains { $0.kind == .state && $0.description.contains("failed(") })
        #expect(events.contains { $0.kind == .sideEffect && $0.description.contains("Sync failed") })
    }

    @Test func aRerunMakesEveryRecordedEventAgainTheSyncsWorkIncluded() async throws {
        // A remote that would succeed, on a clock that never moves: a call that reached it
        // would never return, and the rerun would stall.
        let feature = TodoList(
            remote: TodoRemote(latency: .seconds(1), fails: false, clock: TestClock()), clock: TestClock(),
            searchDelay: .milliseconds(250))
        let rerun = try await TimeTravelReplay.rerun(
            try Self.recording(), feature: feature, environment: .dependencies(), timeout: .seconds(60))
        #expect(rerun.isFaithful, "\(rerun)")
        #expect(rerun.intentsSent == 8)
        let recorded = try TimeTravel.decodeRecording(try Self.recording()).events
        #expect(rerun.comparedEvents == recorded.count)
        // The work's own events: progress after the first todo, then the failure and its toast.
        let made = rerun.replayed.events.map(\.description)
        #expect(made.contains("syncProgressed(done: 1, total: 2)"))
        #expect(made.contains(#"syncFailed("the remote stopped answering")"#))
        #expect(made.contains { $0.contains("Sync failed: the remote stopped answering") })
    }

    @Test func timeTravelShowsTheFailedSyncOffline() throws {
        let timeTravel = TimeTravel()
        // A remote that would succeed, on a clock that never moves: nothing here reaches it.
        let feature = TodoList(
            remote: TodoRemote(latency: .seconds(1), fails: false, clock: TestClock()), clock: TestClock(),
            searchDelay: .milliseconds(250))
        let store = Store(feature, initialState: .init(), name: "Todos", middleware: [try timeTravel.register("Todos")])
        try timeTravel.import(try Self.recording())  // shows the end of the recording
        #expect(store.state.sync == .failed("the remote stopped answering"))
        #expect(store.state.rows.map(\.value.title) == ["Buy milk", "Walk the dog"])
        #expect(store.state.rows[2]?.isDone == true)
        // Step back to before the sync started, then forward through it.
        let syncStarted = try #require(timeTravel.events.first { $0.description == "sync" })
        #expect(timeTravel.jump(to: syncStarted))
        #expect(store.state.sync == .idle)
        while timeTravel.stepForward() {}
        #expect(store.state.sync == .failed("the remote stopped answering"))
        #expect(timeTravel.cancel())
        #expect(store.state.rows.isEmpty)  // its own state again
    }
}
