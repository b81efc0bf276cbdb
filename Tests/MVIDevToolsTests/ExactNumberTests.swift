import MVI
import MVIDevTools
import MVIJSON
import Testing

/// A state or an intent edited on the page is applied with exactly the digits typed, or
/// refused with a typed error frame: never rounded through a `Double`.
@Suite("DevTools numbers, exactly", .timeLimit(.minutes(5)))
struct ExactNumberTests {
    @Test func aNineteenDigitIntegerRoundTripsThroughSetState() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let store = harness.store
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            let set = try await page.request(
                #"{"type":"setState","id":1,"store":"Counter","state":{"count":1234567890123456789}}"#)
            #expect(set?.type == "reply")
            await store.waitForIdle()
            #expect(store.state.count == 1_234_567_890_123_456_789)
            // And the page is shown it back, digit for digit.
            let shown = await page.next { frame in
                guard frame.type == "stores", case .array(let stores)? = frame["stores"] else { return false }
                return stores.contains { store in
                    guard case .object(let fields) = store, case .object(let state)? = fields["state"] else {
                        return false
                    }
                    return state["count"] == .number("1234567890123456789")
                }
            }
            #expect(shown != nil)
            let intent = try await page.request(
                #"{"type":"sendIntent","id":2,"store":"Counter","intent":{"add":{"_0":-1234567890123456788}}}"#)
            #expect(intent?.type == "reply")
            await store.waitForIdle()
            #expect(store.state.count == 1)
        }
    }

    @Test func anOutOfRangeNumberIsRefusedAndChangesNothing() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        let store = harness.store
        store.send(.add(7))
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            for (id, number) in ["12345678901234567890", "-9223372036854775809", "1e19", "7.5", "1e400"].enumerated() {
                let answer = try await page.request(
                    #"{"type":"setState","id":\#(id),"store":"Counter","state":{"count":\#(number)}}"#)
                #expect(answer?.type == "error", "\(number)")
                guard case .string(let message)? = answer?["message"] else {
                    Issue.record("no message for \(number)")
                    continue
                }
                #expect(message.contains(number), "\(message)")
                if number == "1e400" {
                    #expect(answer?.code == "badJSON")  // beyond any JSON number this library reads
                } else {
                    #expect(answer?.code == "doesNotDecode")
                    #expect(message.contains("count"), "\(message)")
                }
            }
            let intent = try await page.request(
                #"{"type":"sendIntent","id":9,"store":"Counter","intent":{"add":{"_0":9223372036854775808}}}"#)
            #expect(intent?.code == "doesNotDecode")
            await store.waitForIdle()
            #expect(store.state.count == 7)
        }
    }
}
