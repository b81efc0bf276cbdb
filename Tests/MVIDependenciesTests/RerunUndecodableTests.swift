import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVIJSON
import MVITimeTravel
import Testing

/// A recorded result that no longer decodes is a divergence of the rerun: reported once, with
/// what was recorded and why, and the live endpoint is never run in its place.
@Suite("Rerun with undecodable recorded results")
struct RerunUndecodableTests {
    /// The session of ``RerunTests``, with the first search's result changed to `value`.
    static func session(firstSearchResult value: JSONValue) async throws -> TimeTravelRecording {
        var recording = try TimeTravel.decodeRecording(try await RerunTests.recordedSession())
        let first = try #require(recording.stores[0].calls?.firstIndex { $0.name == "server.search" })
        recording.stores[0].calls?[first].result = value
        return recording
    }

    @Test(arguments: [JSONValue.number(42), .null, .object(["results": .array([])])])
    func aResultThatDoesNotDecodeIsADivergenceAndTheLiveEndpointNeverRuns(_ value: JSONValue) async throws {
        let recording = try await Self.session(firstSearchResult: value)
        let liveCalls = LockedCounter()
        let rerun = try await TimeTravelReplay.rerun(
            recording, feature: Queue(),
            environment: .dependencies {
                $0.server = .replaying
                $0.server.search = replayable("server.search", errors: [ServerError.self]) { _ in
                    liveCalls.increment()
                    return ["live"]
                }
            })
        #expect(liveCalls.count == 0)
        #expect(rerun.undecodableCalls.count == 1, "\(rerun)")
        let call = try #require(rerun.undecodableCalls.first)
        #expect(call.name == "server.search")
        #expect(call.call == 1)
        #expect(call.recorded == value)
        #expect(call.reason.contains("Array<String>"), "\(call.reason)")
        // Counted once: neither answered nor unanswered.
        #expect(rerun.unansweredCalls.isEmpty)
        #expect(rerun.answeredCalls == (recording.stores[0].calls?.count ?? 0) - 1)
        #expect(!rerun.isFaithful)
        #expect(rerun.description.contains("recorded result does not decode: server.search call 1"))
    }
}
