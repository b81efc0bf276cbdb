import Foundation
import MVI
import MVIDevTools
import MVIJSON
import MVITimeTravel
import Testing

/// `skip` from the page: the reply, then a `skips` frame with every skipped event and the
/// store's states recomputed; un-skipping sends them as recorded again.
@Suite("DevTools skip", .timeLimit(.minutes(5)))
struct SkipTests {
    @Test func skippingAMessageSendsTheRecomputedStates() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let store = harness.store
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = await page.next { $0["type"] == .string("hello") }
            #expect(harness.timeTravel.mode == .recording)  // DevTools records from its start
            store.send(.add(1))
            store.send(.add(2))
            store.send(.add(3))
            await store.waitForIdle()
            // Refused while recording.
            let early = try await page.request(#"{"type":"skip","id":1,"sequence":2}"#)
            #expect(early?.code == "controlRefused")
            #expect(try await page.request(#"{"type":"control","action":"stop","id":2}"#)?["type"] == .string("reply"))
            let events = harness.timeTravel.events
            let added2 = try #require(events.first { $0.description == "added(2)" })
            let state = try #require(events.first { $0.kind == .state })

            #expect(
                try await page.request(#"{"type":"skip","id":3,"sequence":\#(added2.sequence)}"#)?["type"]
                    == .string("reply"))
            let skips = await page.next { $0["type"] == .string("skips") }
            #expect(skips?["skipped"] == .array([.number(Double(added2.sequence))]))
            guard case .array(let states)? = skips?["states"] else {
                Issue.record("no states")
                return
            }
            let counts = states.compactMap { state -> JSONValue? in
                guard case .object(let fields) = state, case .object(let value)? = fields["value"] else { return nil }
                return value["count"]
            }
            #expect(counts == [.number(1), .number(1), .number(4)])
            let recomputed = states.map { state -> Bool in
                if case .object(let fields) = state { fields["recomputed"] == .bool(true) } else { false }
            }
            #expect(recomputed == [false, true, true])
            #expect(store.state.count == 4)  // the selection, the end, recomputed

            let notAMessage = try await page.request(#"{"type":"skip","id":4,"sequence":\#(state.sequence)}"#)
            #expect(notAMessage?.code == "cannotSkip")

            #expect(
                try await page.request(#"{"type":"skip","id":5,"sequence":\#(added2.sequence),"skipped":false}"#)?[
                    "type"] == .string("reply"))
            let unskipped = await page.next { $0["type"] == .string("skips") }
            #expect(unskipped?["skipped"] == .array([]))
            #expect(store.state.count == 6)
            #expect(
                try await page.request(#"{"type":"control","action":"cancel","id":6}"#)?["type"] == .string("reply"))
        }
    }
}
