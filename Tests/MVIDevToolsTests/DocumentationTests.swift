import MVI
import MVIDevTools
import MVITimeTravel
import Testing

/// The code of the MVIDevTools articles (UsingDevTools.md) and of `DevTools`'s comment,
/// compiled and run: if a sample stops compiling, this file does too. Keep them in sync.
@Suite("DevTools documentation", .timeLimit(.minutes(1)))
struct DocumentationTests {
    @Test func usingDevToolsStartsAndRegisters() async throws {
        let timeTravel = TimeTravel()
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [try timeTravel.register("Counter")])
        let devTools = try await DevTools.start(timeTravel)
        devTools.register(store)

        #expect(timeTravel.mode == .recording)
        #expect(devTools.url.contains("?token="))
        await devTools.stop()
    }

    @Test func startingWithoutRecording() async throws {
        let timeTravel = TimeTravel()
        let devTools = try await DevTools.start(timeTravel, options: DevToolsOptions(startsRecording: false))
        #expect(timeTravel.mode == .idle)
        await devTools.stop()
    }
}
