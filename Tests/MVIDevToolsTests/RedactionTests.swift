import Foundation
import MVI
import MVIDevTools
import MVIFixtures
import MVIJSON
import MVITimeTravel
import Testing

/// Nothing the page receives holds a sensitive value (events, the store list, an export), and
/// a state edited on the page keeps the app's real value where the page showed the placeholder.
@Suite("DevTools redaction", .timeLimit(.minutes(5)))
struct RedactionTests {
    @Test func thePageNeverReceivesTheSecretAndAnEditKeepsIt() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let store = Store(
            SignIn(), initialState: .init(), name: "SignIn", middleware: [try harness.timeTravel.register("SignIn")])
        harness.devTools.register(store)
        let received = Locked<[String]>([])
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = await page.next { $0["type"] == .string("hello") }
            store.send(.signIn(user: "ada", password: "hunter2"))
            // Every frame up to the state event and the store list showing the signed-in state.
            var sawState = false
            var sawStore = false
            while !(sawState && sawStore), let frame = await page.next(where: { _ in true }) {
                let text = JSONValue.object(frame).compactText
                received.withLock { $0.append(text) }
                sawState = sawState || (text.contains("\"SignIn\"") && text.contains("\"kind\":\"state\""))
                sawStore = sawStore || (frame["type"] == .string("stores") && text.contains("\"attempts\":1"))
            }
            let exported = try await page.request(#"{"type":"export","id":1}"#)
            #expect(exported?["recording"] != nil)
            received.withLock { $0.append(JSONValue.object(exported ?? [:]).compactText) }

            // The page sends back the state it was shown, with the user changed.
            let edited = try await page.request(
                #"{"type":"setState","id":2,"store":"SignIn","state":{"user":"grace","password":"<redacted>","attempts":1}}"#
            )
            #expect(edited?["type"] == .string("reply"))
            await store.waitForIdle()
            #expect(store.state.user == "grace")
            #expect(store.state.password == "hunter2")

            // A password typed on the page is the new one.
            _ = try await page.request(
                #"{"type":"setState","id":3,"store":"SignIn","state":{"user":"grace","password":"swordfish","attempts":1}}"#
            )
            await store.waitForIdle()
            #expect(store.state.password == "swordfish")
        }
        let texts = received.withLock { $0 }
        #expect(texts.count >= 3)
        #expect(texts.allSatisfy { !$0.contains("hunter2") }, "\(texts.filter { $0.contains("hunter2") })")
        #expect(texts.contains { $0.contains("<redacted>") })
    }
}
