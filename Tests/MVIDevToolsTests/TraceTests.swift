import Foundation
import MVI
import MVIDevTools
import MVIJSON
import MVITimeTravel
import Testing

/// `trace` from the page (protocol version 4): the reply holds the event's causes and what it
/// caused, with call sites; an event not in the timeline is an error.
@Suite("DevTools trace", .timeLimit(.minutes(5)))
struct DevToolsTraceTests {
    @Test func aTraceNamesCallSitesAndTheWorkAnIntentStarted() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let store = harness.store
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = await page.next { $0["type"] == .string("hello") }
            let incrementLine = #line + 1
            store.send(.increment)
            store.send(.fail)
            await store.waitForIdle()
            let events = harness.timeTravel.events
            let increment = try #require(events.first { $0.kind == .intent })
            let fail = try #require(events.last { $0.kind == .intent })
            // The failed request ends on its own task: wait until its end is kept.
            for _ in 0..<2_000 {
                if harness.timeTravel.trace(of: fail)?.consequences.first?.work?.ending != nil { break }
                try await Task.sleep(for: .milliseconds(1))
            }

            let reply = try await page.request(#"{"type":"trace","id":1,"sequence":\#(increment.sequence)}"#)
            #expect(reply?.type == "reply")
            guard case .object(let trace)? = reply?["trace"] else {
                Issue.record("no trace in \(String(describing: reply))")
                return
            }
            #expect(trace["kind"] == .string("intent"))
            #expect(trace["site"] == .string("MVIDevToolsTests/TraceTests.swift:\(incrementLine)"))
            #expect(trace["causes"] == .array([]))
            guard case .array(let consequences)? = trace["consequences"],
                case .object(let message)? = consequences.first
            else {
                Issue.record("no consequences in \(trace)")
                return
            }
            #expect(message["kind"] == .string("message"))
            #expect(message["site"] == .string("MVIDevToolsTests/Fixtures.swift:34"))

            let failed = try await page.request(#"{"type":"trace","id":2,"sequence":\#(fail.sequence)}"#)
            guard case .object(let failTrace)? = failed?["trace"], case .array(let caused)? = failTrace["consequences"],
                case .object(let node)? = caused.first, case .object(let work)? = node["work"]
            else {
                Issue.record("no work in \(String(describing: failed))")
                return
            }
            #expect(work["id"] == .string("request"))
            #expect(work["store"] == .string("Counter"))
            #expect(work["ending"] == .string("failed"))
        }
    }

    @Test func anEventNotInTheTimelineIsAnError() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = await page.next { $0["type"] == .string("hello") }
            let unknown = try await page.request(#"{"type":"trace","id":1,"sequence":999999}"#)
            #expect(unknown?.code == "unknownEvent")
            let invalid = try await page.request(#"{"type":"trace","id":2,"sequence":"one"}"#)
            #expect(invalid?.code == "invalidField")
            let missing = try await page.request(#"{"type":"trace","id":3}"#)
            #expect(missing?.code == "invalidField")
        }
    }

    @Test func theHelloAnnouncesProtocolFour() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            let hello = await page.next { $0["type"] == .string("hello") }
            #expect(hello?["protocol"] == .number(5))
        }
    }
}
