import Logging
import MVI
import MVIDevTools
import MVITimeTravel
import ServiceLifecycle
import Testing

/// The code of the MVIDevTools articles (UsingDevTools.md) and of `DevTools`'s comment,
/// compiled and run: if a sample stops compiling, this file does too. Keep them in sync.
@Suite("DevTools documentation", .timeLimit(.minutes(5)))
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

@Suite("DevTools as a service", .timeLimit(.minutes(5)))
struct ServiceTests {
    @Test func theServiceStartsAndStopsWithItsGroup() async throws {
        let timeTravel = TimeTravel()
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [try timeTravel.register("Counter")])
        let registered = Flag()
        let service = DevToolsService(timeTravel, options: DevToolsOptions(announce: { _ in })) { devTools in
            devTools.register(store)
            registered.set()
        }
        let group = ServiceGroup(services: [service], logger: Logger(label: "test"))
        let running = Task { try await group.run() }
        while !registered.isSet { try await Task.sleep(for: .milliseconds(10)) }
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(timeTravel.mode == .recording)
    }
}
