import Foundation
import MVI
import MVIFixtures
import MVITimeTravel
import Testing

/// The flight recorder, through its public API: what reaches the file, when, and bounded.
@Suite struct FlightRecorderTests {
    static func freshDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mvi-flight-\(UInt64.random(in: 0...UInt64.max))")
    }

    static func read(_ file: URL) throws -> TimeTravelRecording {
        try TimeTravel.decodeRecording(try Data(contentsOf: file))
    }

    @Test func flushWritesTheStoresEventsInTheExportFormat() async throws {
        let directory = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flight = FlightRecorder(directory: directory, flushInterval: .seconds(3600))
        let store = Store(
            Counter(), initialState: .init(), name: "Counter", middleware: [try flight.register("Counter")])
        store.send(.add(1))
        store.send(.notify("hi"))
        store.send(.add(2))
        await store.waitForIdle()
        flight.flush()

        let recording = try Self.read(directory.appendingPathComponent("Counter.json"))
        #expect(recording.stores.map(\.name) == ["Counter"])
        #expect(
            recording.events.map(\.kind) == [
                .intent, .message, .state, .intent, .sideEffect, .intent, .message, .state,
            ])
        #expect(recording.events.filter { $0.kind == .intent }.allSatisfy { $0.origin == .outside })
        #expect(recording.events.last?.description.contains("count: 3") == true)
    }

    @Test func intentsTheStoreSentItselfAreToldFromThoseSentFromOutside() async throws {
        // A flight recorder keeps a cause only for the store's own intents; an intent kept
        // without one came from outside.
        let directory = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flight = FlightRecorder(directory: directory, flushInterval: .seconds(3600))
        // The shared fixture's counter, whose `sendTwice` sends two intents from `execute`.
        let store = Store(
            MVIFixtures.Counter(), initialState: .init(), name: "Counter",
            middleware: [try flight.register("Counter")])
        store.send(.sendTwice)
        store.send(.add(1))
        await store.waitForIdle()
        flight.flush()

        let intents = try Self.read(directory.appendingPathComponent("Counter.json")).events
            .filter { $0.kind == .intent }
        #expect(intents.map(\.origin) == [.outside, .store, .store, .outside])
        #expect(intents.map(\.description) == ["sendTwice", "increment", "increment", "add(1)"])
    }

    @Test func eachStoreKeepsItsNewestEventsOnly() async throws {
        let directory = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flight = FlightRecorder(directory: directory, maxEvents: 30, flushInterval: .seconds(3600))
        let busy = Store(Counter(), initialState: .init(), name: "Busy", middleware: [try flight.register("Busy")])
        let quiet = Store(Counter(), initialState: .init(), name: "Quiet", middleware: [try flight.register("Quiet")])
        quiet.send(.add(5))
        for amount in 1...1_000 { busy.send(.add(amount)) }
        await busy.waitForIdle()
        await quiet.waitForIdle()
        flight.flush()

        let recording = try Self.read(directory.appendingPathComponent("Busy.json"))
        #expect(recording.events.count <= 30 && recording.events.count >= 27)
        #expect(recording.events.last?.description.contains("count: 500500") == true)
        // The busy store's events do not push the quiet one's out.
        #expect(try Self.read(directory.appendingPathComponent("Quiet.json")).events.count == 3)
    }

    @Test func aFailureIsWrittenWithoutAFlush() async throws {
        let directory = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // An interval no test waits out: the failure alone gets the file written.
        let flight = FlightRecorder(directory: directory, flushInterval: .seconds(3600), onError: .init { _ in })
        let store = Store(
            Failing(), initialState: .init(), name: "Failing", middleware: [try flight.register("Failing")],
            onError: .init { _ in })
        store.send(.fail)
        await store.waitForIdle()
        let file = directory.appendingPathComponent("Failing.json")
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while (try? Self.read(file))?.events.contains(where: { $0.kind == .failure }) != true {
            try #require(
                ContinuousClock.now < deadline, "no failure written in 30 s (FlightRecorderTests, line \(#line))")
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func sensitiveValuesAreRedactedInTheFile() async throws {
        let directory = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flight = FlightRecorder(directory: directory, flushInterval: .seconds(3600))
        let store = Store(SignIn(), initialState: .init(), name: "SignIn", middleware: [try flight.register("SignIn")])
        store.send(.signIn(user: "ada", password: "hunter2"))
        await store.waitForIdle()
        flight.flush()
        let text = String(
            decoding: try Data(contentsOf: directory.appendingPathComponent("SignIn.json")), as: UTF8.self)
        #expect(!text.contains("hunter2"))
        #expect(text.contains("<redacted>"))
    }

    /// Many threads send while flushes run: every file written decodes, and the last one
    /// ends with the store's final state. (A state that stays small: each state event of a
    /// file holds the whole state.)
    @Test func sendsFromManyThreadsWhileFlushing() async throws {
        let directory = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flight = FlightRecorder(directory: directory, maxEvents: 200, flushInterval: .milliseconds(10))
        let store = Store(Tally(), initialState: .init(), name: "Tally", middleware: [try flight.register("Tally")])
        let file = directory.appendingPathComponent("Tally.json")
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<2_000 { store.send(.add) }
                }
            }
            group.addTask {
                for _ in 0..<50 {
                    flight.flush()
                    if FileManager.default.fileExists(atPath: file.path) { #expect((try? Self.read(file)) != nil) }
                }
            }
        }
        await store.waitForIdle()
        flight.flush()
        let recording = try Self.read(file)
        #expect(recording.events.count <= 200)
        #expect(recording.events.last?.description.contains("count: 8000") == true)
    }
}

/// A counter whose state stays one number.
struct Tally: Feature {
    struct State: Equatable, Codable, Sendable { var count = 0 }
    enum Intent: Codable, Sendable { case add }
    enum Message: Codable, Sendable { case added }
    typealias SideEffect = Never

    static func reduce(_ state: inout State, _ message: Message) { state.count += 1 }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(.added) }
}

/// A feature whose async work throws: a failure for the store's error handler.
struct Failing: Feature {
    struct State: Equatable, Codable, Sendable {}
    enum Intent: Codable, Sendable { case fail }
    enum Message: Codable, Sendable { case none }
    typealias SideEffect = Never
    struct Broken: Error {}

    static func reduce(_ state: inout State, _ message: Message) {}

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        context.run { _ in throw Broken() }
    }
}
