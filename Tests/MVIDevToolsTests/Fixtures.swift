import Foundation
import HTTPTypes
import MVIJSON
import NIOCore
import NIOHTTP1
import NIOWebSocket
import Logging
import MVI
import MVIDevTools
import MVITimeTravel
import Testing

/// A counter whose intents and state are `Codable`: the page may send intents and edit state.
struct Counter: Feature {
    struct State: Codable, Sendable, Equatable {
        var count = 0
    }
    enum Intent: Codable, Sendable {
        case increment
        case add(Int)
        /// Starts a request that fails: a failure in the timeline.
        case fail
    }

    struct Offline: Error, CustomStringConvertible {
        var description: String { "the network is offline" }
    }
    enum Message: Codable, Sendable {
        case added(Int)
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment: context.dispatch(.added(1))
        case .add(let amount): context.dispatch(.added(amount))
        case .fail: context.run(id: "request") { _ in throw Offline() }
        }
    }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let amount): state.count += amount
        }
    }
}

/// A feature with nothing `Codable`: shown, but the page can neither send nor edit.
struct Opaque: Feature {
    struct State: Sendable { var value = 0 }
    enum Intent: Sendable { case bump }
    enum Message: Sendable { case bumped }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(.bumped) }
    static func reduce(_ state: inout State, _ message: Message) { state.value += 1 }
}

/// A started debugger with one counter store, recording.
struct Harness {
    let timeTravel: TimeTravel
    let store: Store<Counter>
    let devTools: DevTools
    let announced: Announcements

    static func start(
        maxMessageBytes: Int = 1 << 20, host: String = "127.0.0.1", maxEvents: Int = 10_000
    ) async throws -> Harness {
        let timeTravel = TimeTravel(maxEvents: maxEvents)
        let store = Store(
            Counter(), initialState: .init(), name: "Counter", middleware: [try timeTravel.register("Counter")],
            onError: StoreErrorHandler { _ in })
        let announced = Announcements()
        let devTools = try await DevTools.start(
            timeTravel,
            options: DevToolsOptions(host: host, maxMessageBytes: maxMessageBytes, announce: { announced.add($0) }))
        devTools.register(store)
        return Harness(timeTravel: timeTravel, store: store, devTools: devTools, announced: announced)
    }

    var origin: String { "http://127.0.0.1:\(devTools.port)" }
    var token: String { String(devTools.url.split(separator: "=").last ?? "") }

    func socketURL(token: String? = nil) -> String {
        "ws://127.0.0.1:\(devTools.port)/ws?token=\(token ?? self.token)"
    }
}

/// What the debugger printed.
final class Announcements: Sendable {
    let lines = Locked<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// The page's side of the WebSocket, for tests: sends text or raw frames, and reads the
/// server's frames as JSON.
///
/// Frames are kept until a test takes them: the server's pushes (status, stores) and its
/// replies travel on one socket in whatever order the server wrote them, so a push that
/// arrives while a test waits for a reply is kept for the test's next `next(where:)`, not
/// dropped. (Dropping it hung the suite: a test then waited for a push that had come
/// already, and the server sends a push only when what it shows changes.)
struct PageClient {
    let socket: TestWebSocketClient.Connection
    let frameQueue: FrameQueue

    /// How long a test waits for a frame before it fails instead of hanging: far more than
    /// any frame takes on a loaded machine (pushes come every 50 ms).
    static let frameTimeout: Duration = .seconds(60)

    func send(_ text: String) async throws { try await socket.send(text) }
    func sendBinary(_ bytes: [UInt8]) async throws { try await socket.sendBinary(bytes) }

    /// The next frame that satisfies `predicate`; the kept frames before it are dropped.
    /// `nil` (with an issue recorded) when none came within ``frameTimeout``.
    mutating func next(
        where predicate: @escaping @Sendable ([String: JSONValue]) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [String: JSONValue]? {
        await frameQueue.take(dropping: true, where: predicate, sourceLocation: sourceLocation)
    }

    /// The next reply or error frame; the frames before it are kept for `next(where:)`.
    mutating func answer(sourceLocation: SourceLocation = #_sourceLocation) async -> [String: JSONValue]? {
        await frameQueue.take(
            dropping: false, where: { $0["type"] == .string("reply") || $0["type"] == .string("error") },
            sourceLocation: sourceLocation)
    }

    /// Sends a request and returns its answer.
    mutating func request(
        _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws
        -> [String: JSONValue]?
    {
        try await send(text)
        return await answer(sourceLocation: sourceLocation)
    }
}

/// The frames a ``PageClient`` has received and not yet taken, in arrival order.
final class FrameQueue: Sendable {
    private struct State {
        var frames: [[String: JSONValue]] = []
        var isFinished = false
    }
    private let state = Locked(State())

    func add(_ frame: [String: JSONValue]) { state.withLock { $0.frames.append(frame) } }
    func finish() { state.withLock { $0.isFinished = true } }

    /// Takes the first kept frame that satisfies `predicate`, waiting for one; with
    /// `dropping`, the frames before it go too. `nil` once the socket ended without one,
    /// or after ``PageClient/frameTimeout`` (recorded as an issue).
    func take(
        dropping: Bool, where predicate: @Sendable ([String: JSONValue]) -> Bool, sourceLocation: SourceLocation
    ) async -> [String: JSONValue]? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: PageClient.frameTimeout)
        while true {
            let (found, isFinished) = state.withLock { state -> ([String: JSONValue]?, Bool) in
                guard let index = state.frames.firstIndex(where: predicate) else {
                    if dropping { state.frames.removeAll() }
                    return (nil, state.isFinished)
                }
                let frame = state.frames[index]
                if dropping { state.frames.removeSubrange(...index) } else { state.frames.remove(at: index) }
                return (frame, state.isFinished)
            }
            if let found { return found }
            if isFinished { return nil }
            guard clock.now < deadline else {
                Issue.record(
                    "No frame the test waits for within \(PageClient.frameTimeout)", sourceLocation: sourceLocation)
                return nil
            }
            // Polling keeps the fixture simple; a test waits at most a few milliseconds more.
            try? await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Opens the page's WebSocket and runs `body` with it; returns once `body` returns.
func withPage(
    _ url: String, origin: String?, _ body: @escaping @Sendable (inout PageClient) async throws -> Void
) async throws {
    var headers = HTTPHeaders()
    if let origin { headers.add(name: "Origin", value: origin) }
    let finished = Flag()
    do {
        try await connect(url, headers: headers, finished: finished, body)
    } catch {
        // Once the body ran, how the connection ended is not what a test checks.
        if !finished.isSet { throw error }
    }
}

private func connect(
    _ url: String, headers: HTTPHeaders, finished: Flag,
    _ body: @escaping @Sendable (inout PageClient) async throws -> Void
) async throws {
    try await TestWebSocketClient.connect(url: url, headers: headers, maxMessageSize: 64 << 20) { socket in
        let frameQueue = FrameQueue()
        let reader = Task {
            defer { frameQueue.finish() }
            for try await message in socket.messages {
                guard case .text(let text) = message,
                    case .object(let object) = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
                else { continue }
                frameQueue.add(object)
            }
        }
        var client = PageClient(socket: socket, frameQueue: frameQueue)
        var bodyError: (any Error)?
        do {
            try await body(&client)
            finished.set()
        } catch {
            bodyError = error
        }
        // Closing races the server's own pushes; how it ends is not what the tests check.
        try? await socket.close(.normalClosure)
        reader.cancel()
        _ = await reader.result
        if let bodyError { throw bodyError }
    }
}

extension [String: JSONValue] {
    var type: String? { if case .string(let type)? = self["type"] { type } else { nil } }
    var code: String? { if case .string(let code)? = self["code"] { code } else { nil } }
    var events: [[String: JSONValue]] {
        guard case .array(let items)? = self["events"] else { return [] }
        return items.compactMap { if case .object(let event) = $0 { event } else { nil } }
    }
}

/// A flag set once, read from anywhere.
final class Flag: Sendable {
    private let value = Locked(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

extension DevToolsOptions {
    /// These options with a change: the server's fixed limits are `package` settings, for tests.
    func with(_ change: (inout Self) -> Void) -> Self {
        var options = self
        change(&options)
        return options
    }
}
