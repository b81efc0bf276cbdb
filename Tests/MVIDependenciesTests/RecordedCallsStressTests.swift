import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITimeTravel
import Testing

/// Many async works calling replayable endpoints at once while time travel records: every
/// call's result is kept exactly once, in the order the calls ended, and a rerun answers
/// every one of them.
@Suite struct RecordedCallsStressTests {
    struct Fanout: Feature {
        struct State: Codable, Equatable, Sendable { var total = 0 }
        enum Intent: Codable, Sendable { case fetch(Int) }
        enum Message: Codable, Sendable { case fetched(Int) }

        static func reduce(_ state: inout State, _ message: Message) {
            if case .fetched(let value) = message { state.total += value }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            guard case .fetch(let number) = intent else { return }
            @Dependency(\.server) var server
            context.run { work in
                _ = try await server.search("q\(number)")
                await work.dispatch(.fetched(server.count()))
            }
        }
    }

    @Test func concurrentCallsAreEachRecordedOnceAndAnsweredOnRerun() async throws {
        let works = 200
        let timeTravel = TimeTravel(maxEvents: 100_000)
        timeTravel.startRecording()
        let store = Store(
            Fanout(), initialState: .init(), name: "Fanout", middleware: [try timeTravel.register("Fanout")],
            environment: .dependencies { $0.server = .recording() })
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for number in stride(from: sender, to: works, by: 4) { store.send(.fetch(number)) }
                }
            }
        }
        await store.waitForIdle()
        #expect(store.state.total == 42 * works)
        let recording = timeTravel.recording()
        let calls = try #require(recording.stores.first?.calls)
        #expect(calls.filter { $0.name == "server.search" }.count == works)
        #expect(calls.filter { $0.name == "server.count" }.count == works)
        #expect(calls.map(\.before) == calls.map(\.before).sorted())
        // Concurrent calls of one endpoint may end in another order on a rerun and then get
        // each other's answers; these all answer alike, so every state matches.
        let rerun = try await TimeTravelReplay.rerun(
            recording, feature: Fanout(), environment: .dependencies { $0.server = .replaying })
        #expect(rerun.answeredCalls == 2 * works)
        #expect(rerun.unansweredCalls.isEmpty && rerun.unusedCalls.isEmpty, "\(rerun)")
        #expect(rerun.replayed.events.last { $0.kind == .state }?.description.contains("\(42 * works)") == true)
    }
}
