import Foundation
import MVI
import MVIDevTools
import MVIJSON
import MVITimeTravel
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The time limit is a hang guard, not a speed check: `everyBadFrameIsAnsweredWithAnError`
// took 80 s under ThreadSanitizer on a 2-core machine with both cores loaded.
@Suite("DevTools server", .timeLimit(.minutes(5)))
struct ServerTests {
    func get(_ url: String) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: url)!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func thePageNeedsTheToken() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let base = "http://127.0.0.1:\(harness.devTools.port)/"
        #expect(try await get(base).0 == 403)
        #expect(try await get(base + "?token=0123").0 == 403)
        let wrong = String(harness.token.dropLast()) + (harness.token.hasSuffix("0") ? "1" : "0")
        #expect(try await get(base + "?token=\(wrong)").0 == 403)
        let (status, body) = try await get(harness.devTools.url)
        #expect(status == 200)
        #expect(body.contains("swift-mvi DevTools"))
        #expect(!body.contains("/*SCRIPT*/"))
    }

    @Test func theURLIsPrintedWithATokenOfAtLeast128Bits() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        #expect(harness.announced.all.contains { $0.contains(harness.devTools.url) })
        #expect(harness.devTools.url.hasPrefix("http://127.0.0.1:"))
        #expect(harness.token.count * 4 >= 128)
        #expect(harness.token.allSatisfy { $0.isHexDigit })
        let other = try await Harness.start()
        defer { Task { await other.devTools.stop() } }
        #expect(other.token != harness.token)
    }

    @Test func bindingElsewhereLogsAWarning() async throws {
        let harness = try await Harness.start(host: "0.0.0.0")
        defer { Task { await harness.devTools.stop() } }
        #expect(harness.announced.all.contains { $0.hasPrefix("warning:") && $0.contains("0.0.0.0") })
        let loopback = try await Harness.start()
        defer { Task { await loopback.devTools.stop() } }
        #expect(!loopback.announced.all.contains { $0.hasPrefix("warning:") })
    }

    @Test func theSocketNeedsTheToken() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        await #expect(throws: (any Error).self) {
            try await withPage(harness.socketURL(token: "nope"), origin: harness.origin) { _ in }
        }
        await #expect(throws: (any Error).self) {
            try await withPage("ws://127.0.0.1:\(harness.devTools.port)/ws", origin: harness.origin) { _ in }
        }
    }

    @Test func theSocketNeedsThePagesOrigin() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        await #expect(throws: (any Error).self) {
            try await withPage(harness.socketURL(), origin: "http://evil.example") { _ in }
        }
        await #expect(throws: (any Error).self) {
            try await withPage(harness.socketURL(), origin: nil) { _ in }
        }
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            let hello = await page.next { $0.type == "hello" }
            #expect(hello?["protocol"] == .number(5))
        }
    }

    @Test func eventsArePushedAsTheyHappen() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let store = harness.store
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = await page.next { $0.type == "hello" }
            store.send(.add(5))
            var kinds: [String] = []
            while kinds.count < 3, let frame = await page.next(where: { $0.type == "events" }) {
                for event in frame.events { if case .string(let kind)? = event["kind"] { kinds.append(kind) } }
            }
            #expect(kinds == ["intent", "message", "state"])
            store.send(.increment)
            let next = await page.next { !($0.events.isEmpty) }
            #expect(next?.events.first?["kind"] == .string("intent"))
            #expect(next?.events.first?["value"] == .object(["increment": .object([:])]))
        }
    }

    @Test func theStoreListShowsCurrentStates() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let opaque = Store(Opaque(), initialState: .init(), name: "Opaque")
        harness.devTools.register(opaque)
        harness.store.send(.add(3))
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            let frame = await page.next { frame in
                guard frame.type == "stores", case .array(let stores)? = frame["stores"] else { return false }
                return stores.contains { $0 == .object(counterEntry(count: 3)) }
            }
            guard case .array(let stores)? = frame?["stores"] else { return }
            #expect(stores.count == 2)
            #expect(
                stores.contains {
                    if case .object(let o) = $0 {
                        o["name"] == .string("Opaque") && o["sendsIntents"] == .bool(false)
                    } else {
                        false
                    }
                })
        }
    }

    @Test func stepBackShowsTheEarlierStateOnTheStore() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let store = harness.store
        store.send(.add(1))
        store.send(.add(2))
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            #expect(try await page.request(#"{"type":"control","action":"stop","id":1}"#)?.type == "reply")
            #expect(try await page.request(#"{"type":"control","action":"back","id":2}"#)?.type == "reply")
            #expect(store.state.count == 1)
            let status = await page.next { $0.type == "status" && $0["mode"] == .string("stopped") }
            #expect(status != nil)
            #expect(try await page.request(#"{"type":"control","action":"cancel","id":3}"#)?.type == "reply")
            await store.waitForIdle()
            #expect(store.state.count == 3)
            let refused = try await page.request(#"{"type":"control","action":"back","id":4}"#)
            #expect(refused?.code == "controlRefused")
            #expect(refused?["id"] == .number(4))
        }
    }

    @Test func intentsSentFromThePageReachTheStore() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let opaque = Store(Opaque(), initialState: .init(), name: "Opaque")
        harness.devTools.register(opaque)
        let store = harness.store
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            let sent = try await page.request(
                #"{"type":"sendIntent","id":"a","store":"Counter","intent":{"add":{"_0":7}}}"#)
            #expect(sent?.type == "reply")
            await store.waitForIdle()
            #expect(store.state.count == 7)
            let bad = try await page.request(#"{"type":"sendIntent","id":"b","store":"Counter","intent":{"nope":{}}}"#)
            #expect(bad?.code == "doesNotDecode")
            let unknown = try await page.request(#"{"type":"sendIntent","id":"c","store":"Missing","intent":{}}"#)
            #expect(unknown?.code == "unknownStore")
            let opaqueAnswer = try await page.request(#"{"type":"sendIntent","id":"d","store":"Opaque","intent":{}}"#)
            #expect(opaqueAnswer?.code == "notSupported")
        }
        #expect(store.state.count == 7)
    }

    @Test func exportAndImportGoThroughTheSocket() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        harness.store.send(.add(2))
        harness.store.send(.add(3))
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = try await page.request(#"{"type":"control","action":"stop","id":1}"#)
            let exported = try await page.request(#"{"type":"export","id":2}"#)
            guard let recording = exported?["recording"] else {
                Issue.record("no recording")
                return
            }
            let data = try JSONEncoder().encode(recording)
            let decoded = try TimeTravel.decodeRecording(data)
            #expect(decoded.events.count == 6)
            let notIdle = try await page.request(
                #"{"type":"import","id":3,"recording":"# + JSONTextForTest.quoted(String(decoding: data, as: UTF8.self))
                    + "}")
            #expect(notIdle?.code == "importFailed")
            _ = try await page.request(#"{"type":"control","action":"cancel","id":4}"#)
            let imported = try await page.request(
                #"{"type":"import","id":5,"recording":"# + JSONTextForTest.quoted(String(decoding: data, as: UTF8.self))
                    + "}")
            #expect(imported?.type == "reply")
            let garbage = try await page.request(#"{"type":"import","id":6,"recording":"{\"format\":\"other\"}"}"#)
            #expect(garbage?.code == "importFailed")
            if case .string(let message)? = garbage?["message"] {
                #expect(message.contains("Not a time-travel recording"))
            }
        }
    }

    @Test func everyBadFrameIsAnsweredWithAnError() async throws {
        let harness = try await Harness.start(maxMessageBytes: 1_000)
        defer { Task { await harness.devTools.stop() } }
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            #expect(try await page.request("not json")?.code == "badJSON")
            #expect(try await page.request("[1,2]")?.code == "badJSON")
            #expect(try await page.request(#"{"id":1}"#)?.code == "invalidField")
            #expect(try await page.request(#"{"type":"launch","id":1}"#)?.code == "unknownMessage")
            #expect(try await page.request(#"{"type":"jump","id":1}"#)?.code == "invalidField")
            #expect(try await page.request(#"{"type":"jump","id":1,"sequence":-3}"#)?.code == "invalidField")
            #expect(try await page.request(#"{"type":"control","id":1,"action":"explode"}"#)?.code == "invalidField")
            #expect(try await page.request(#"{"type":"replay","id":1,"sequence":999}"#)?.code == "unknownEvent")
            // Over the limit in several frames (one frame over it is closed with 1009: LimitsTests).
            try await page.sendFragments(String(repeating: "x", count: 5_000), count: 5)
            #expect(await page.answer()?.code == "messageTooLarge")
            try await page.sendBinary([1, 2, 3])
            #expect(await page.answer()?.code == "binaryFrame")
            #expect(try await page.request(#"{"type":"ping","id":"still here"}"#)?.type == "reply")
        }
    }
}

/// JSON string quoting for building requests in tests.
enum JSONTextForTest {
    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)  // a String always encodes
    }
}

func counterEntry(count: Int) -> [String: JSONValue] {
    [
        "name": .string("Counter"), "state": .object(["count": .number(Double(count))]), "text": .string(""),
        "recorded": .bool(true), "sendsIntents": .bool(true), "showsStates": .bool(true),
        "feature": .string("MVIDevToolsTests.Counter"), "stateType": .string("MVIDevToolsTests.Counter.State"),
        "intentType": .string("MVIDevToolsTests.Counter.Intent"),
    ]
}
