import Foundation
import MVI
import MVIDevTools
import MVIJSON
import MVITimeTravel
import Testing

@Suite("DevTools under random frames", .timeLimit(.minutes(5)))
struct FuzzTests {
    /// Frames of every kind of wrong, and a few right ones, from a fixed seed.
    static func randomFrame(_ generator: inout some RandomNumberGenerator) -> String {
        let pieces = [
            "{", "}", "[", "]", "\"type\"", ":", ",", "\"control\"", "\"sendIntent\"", "\"jump\"", "\"store\"",
            "\"Counter\"", "\"intent\"", "null", "true", "1e999", "-0", "\"\\u0000\"", "\"id\"", "{\"add\":{}}",
            "\"sequence\"", "99999999999999999999", "\u{FFFD}", "\"import\"", "\"recording\"", "\"action\"", "\"back\"",
        ]
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            return String(
                (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
                    Character(Unicode.Scalar(UInt8.random(in: 32...126, using: &generator)))
                })
        case 1:
            return (0..<Int.random(in: 1..<12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()  // pieces is not empty
        case 2:
            let types = [
                "control", "jump", "replay", "skip", "sendIntent", "setState", "export", "import", "rerun", "nope",
                "ping",
            ]
            let type = types.randomElement(using: &generator)!  // not empty
            return
                #"{"type":"\#(type)","id":1,"store":"Counter","sequence":\#(Int.random(in: -2..<50, using: &generator)),"action":"forward","intent":{"bad":1},"state":[],"recording":"{}"}"#
        default:
            return #"{"type":"ping","id":\#(Int.random(in: 0..<1000, using: &generator))}"#
        }
    }

    @Test func tenThousandBadFramesLoseNothing() async throws {
        let harness = try await Harness.start(maxMessageBytes: 4_096)
        defer { Task { await harness.devTools.stop() } }
        let store = harness.store
        let frames = 10_000
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            var generator = SeededGenerator(seed: 14)
            var answers = 0
            var states = 0
            // In batches, so that frames arrive while earlier ones are being answered.
            let batch = 100
            for start in stride(from: 0, to: frames, by: batch) {
                store.send(.increment)
                for index in start..<(start + batch) {
                    if index % 997 == 0 {
                        try await page.sendBinary(
                            (0..<Int.random(in: 0..<64, using: &generator)).map { _ in
                                .random(in: 0...255, using: &generator)
                            })
                    } else if index % 1_999 == 0 {
                        // Over the limit in several frames: answered, and reading goes on.
                        try await page.sendFragments(String(repeating: "{", count: 5_000), count: 4)
                    } else {
                        try await page.send(Self.randomFrame(&generator))
                    }
                }
                // Every frame gets exactly one answer; count them, and the pushed states.
                var answered = 0
                while answered < batch,
                    let frame = await page.next(where: { ["reply", "error", "events"].contains($0.type) })
                {
                    if frame.type == "events" {
                        states += frame.events.filter { $0["kind"] == .string("state") }.count
                    } else {
                        answered += 1
                    }
                }
                answers += answered
            }
            #expect(answers == frames)
            // Every state the store made reached the page (read before any request, whose answer
            // would skip an events frame).
            while states < frames / 100, let frame = await page.next(where: { $0.type == "events" }) {
                states += frame.events.filter { $0["kind"] == .string("state") }.count
            }
            #expect(states == frames / 100)
            // Back to live, in case a random frame held the store's input; then it finishes.
            _ = try await page.request(#"{"type":"control","action":"cancel","id":"end"}"#)
            await store.waitForIdle()
            #expect(store.state.count == frames / 100)
            #expect(try await page.request(#"{"type":"ping","id":"alive"}"#)?.type == "reply")
        }
        #expect(store.state.count == frames / 100)
    }
}

/// SplitMix64: the same frames every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
