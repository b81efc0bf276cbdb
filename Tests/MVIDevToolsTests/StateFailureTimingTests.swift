import Foundation
import MVI
import MVIDevTools
import MVIJSON
import MVITimeTravel
import Testing

/// Protocol 2: a state set from the page sticks, failures are in the timeline, and intents
/// are timed by the store while a page is open. With the real WebSocket client.
@Suite("DevTools state, failures and timing", .timeLimit(.minutes(5)))
struct StateFailureTimingTests {
    @Test func theHelloSaysProtocolTwo() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            let hello = await page.next { $0.type == "hello" }
            #expect(hello?["protocol"] == .number(5))
        }
    }

    @Test func aStateSetLiveIsTheStoresState() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let store = harness.store
        store.send(.add(1))
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            let set = try await page.request(#"{"type":"setState","id":1,"store":"Counter","state":{"count":40}}"#)
            #expect(set?.type == "reply")
            await store.waitForIdle()
            #expect(store.state.count == 40)
            store.send(.add(2))
            #expect(store.state.count == 42)
            let bad = try await page.request(#"{"type":"setState","id":2,"store":"Counter","state":{"count":"x"}}"#)
            #expect(bad?.code == "doesNotDecode")
        }
        // Recorded as a state, in order.
        #expect(harness.timeTravel.events.suffix(4).map(\.kind) == [.state, .intent, .message, .state])
    }

    @Test func aStateSetWhileStoppedSurvivesGoingBackToLive() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let store = harness.store
        store.send(.add(1))
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = try await page.request(#"{"type":"control","action":"stop","id":1}"#)
            store.send(.add(5))  // held while stopped, applied after the edit
            let set = try await page.request(#"{"type":"setState","id":2,"store":"Counter","state":{"count":40}}"#)
            #expect(set?.type == "reply")
            await store.waitForIdle()
            #expect(store.state.count == 40)  // shown now
            let live = try await page.request(#"{"type":"control","action":"cancel","id":3}"#)
            #expect(live?.type == "reply")
            await store.waitForIdle()
            #expect(store.state.count == 40)  // kept: the held intent came before the edit
            store.send(.add(2))
            #expect(store.state.count == 42)
        }
    }

    @Test func aFailureIsPushedAsAFailureEvent() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = await page.next { $0.type == "hello" }
            harness.store.send(.fail)
            var failure: [String: JSONValue]?
            while failure == nil, let frame = await page.next(where: { $0.type == "events" }) {
                failure = frame.events.first { $0["kind"] == .string("failure") }
            }
            #expect(failure?["store"] == .string("Counter"))
            #expect(failure?["value"] == .null)
            guard case .string(let text)? = failure?["text"] else {
                Issue.record("no failure text")
                return
            }
            #expect(text.contains("the network is offline"))
            #expect(text.contains("async work \"request\" failed"))
        }
    }

    @Test func intentsAreTimedPerIntentWhileAPageIsOpen() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = await page.next { $0.type == "hello" }
            // The page's feed exists once hello is sent: from here on intents are timed.
            for amount in 1...30 { harness.store.send(.add(amount)) }
            var intents = Set<String>()
            var timings: [String: Double] = [:]
            while timings.count < 30, let frame = await page.next(where: { $0.type == "events" }) {
                for event in frame.events where event["kind"] == .string("intent") {
                    if case .number(let sequence)? = event["seq"] { intents.insert(sequence) }
                }
                guard case .array(let pairs)? = frame["timings"] else { continue }
                for pair in pairs {
                    guard case .array(let items) = pair, items.count == 2,
                        case .number(let sequence) = items[0], case .number(let nanoseconds) = items[1]
                    else {
                        Issue.record("a timing is [sequence, nanoseconds]")
                        return
                    }
                    timings[sequence] = Double(nanoseconds) ?? 0
                }
            }
            #expect(timings.count == 30)
            #expect(timings.values.allSatisfy { $0 > 0 })
            // One per intent, each joined to an intent event the page received.
            #expect(Set(timings.keys).isSubset(of: intents))
        }
    }
}
