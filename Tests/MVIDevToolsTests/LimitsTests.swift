import Foundation
import MVI
import MVITimeTravel
import NIOCore
import NIOWebSocket
import Testing

@testable import MVIDevTools

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("DevTools connection limits, without sockets")
struct ConnectionLimitsTests {
    @Test func theOldestPendingConnectionMakesRoom() {
        var limits = ConnectionLimits(maxPending: 2, maxAdmitted: 1, descriptorLimit: nil)
        let first = limits.opened(1)
        let second = limits.opened(2)
        let third = limits.opened(3)
        #expect(first == .keep && second == .keep)
        #expect(third == .close(1))
        #expect(limits.pending == [2, 3])
        // Closed to make room: it may not be admitted afterwards.
        let admittedAfterClosing = limits.admit(1)
        #expect(!admittedAfterClosing)
    }

    @Test func admittedConnectionsAreNeverClosedToMakeRoom() {
        var limits = ConnectionLimits(maxPending: 1, maxAdmitted: 2, descriptorLimit: nil)
        let opened = limits.opened(1)
        let admitted = limits.admit(1)
        let admittedAgain = limits.admit(1)  // a second request on the same connection
        #expect(opened == .keep && admitted && admittedAgain)
        for id in 2..<100 {
            let action = limits.opened(id)
            #expect(action == (id == 2 ? .keep : .close(id - 1)))
        }
        #expect(limits.admitted == [1])
        #expect(limits.pending == [99])
        let newest = limits.admit(99)
        let hundredth = limits.opened(100)
        let overBudget = limits.admit(100)  // over the admitted budget
        limits.closed(1)
        let afterAClose = limits.admit(100)
        #expect(newest && hundredth == .keep && !overBudget && afterAClose)
    }

    @Test func aLowDescriptorLimitLowersTheBudgets() {
        let roomy = ConnectionLimits(maxPending: 16, maxAdmitted: 8, descriptorLimit: 20_000)
        #expect(roomy.maxPending == 16 && roomy.maxAdmitted == 8)
        // macOS's default: the server takes at most a quarter, 64.
        let mac = ConnectionLimits(maxPending: 100, maxAdmitted: 100, descriptorLimit: 256)
        #expect(mac.maxOpen <= 64)
        #expect(mac.maxPending == 32 && mac.maxAdmitted == 32)
        let tiny = ConnectionLimits(maxPending: 16, maxAdmitted: 8, descriptorLimit: 8)
        #expect(tiny.maxPending == 1 && tiny.maxAdmitted == 1)
    }
}

extension PageClient {
    /// Sends `text` as one message of `count` frames (a first text frame and continuations).
    func sendFragments(_ text: String, count: Int) async throws {
        let bytes = Array(text.utf8)
        let size = Swift.max(1, (bytes.count + count - 1) / count)
        for (index, start) in stride(from: 0, to: bytes.count, by: size).enumerated() {
            let end = Swift.min(start + size, bytes.count)
            try await socket.write(
                WebSocketFrame(
                    fin: end == bytes.count, opcode: index == 0 ? .text : .continuation,
                    data: ByteBuffer(bytes: bytes[start..<end])))
        }
    }
}

#if canImport(Glibc)
extension Harness {
    /// A started debugger with the given options (its announcements kept, not printed).
    static func start(options: DevToolsOptions) async throws -> Harness {
        let timeTravel = TimeTravel(maxEvents: 10_000)
        let store = Store(
            Counter(), initialState: .init(), name: "Counter", middleware: [try timeTravel.register("Counter")],
            onError: StoreErrorHandler { _ in })
        let announced = Announcements()
        var options = options
        options.announce = { announced.add($0) }
        let devTools = try await DevTools.start(timeTravel, options: options)
        devTools.register(store)
        return Harness(timeTravel: timeTravel, store: store, devTools: devTools, announced: announced)
    }

    var port: Int { devTools.port }
}

/// A ping with `padding` extra bytes of JSON string.
private func ping(id: Int, padding: Int = 0) -> [UInt8] {
    Array(#"{"type":"ping","id":\#(id),"pad":"\#(String(repeating: "x", count: padding))"}"#.utf8)
}

/// Whether the server's frames in `bytes` include a reply or error frame that contains `text`.
private func answers(_ bytes: [UInt8], contain text: String) -> Bool {
    RawConnection.frames(in: bytes).contains {
        $0.opcode == 0x1 && String(decoding: $0.payload, as: UTF8.self).contains(text)
    }
}

// The time limit is a hang guard; the timeouts under test are a second or two.
@Suite("DevTools under hostile connections", .timeLimit(.minutes(5)))
struct HostileConnectionTests {
    @Test func halfOpenRequestsAreClosedAtTheRequestHeadTimeout() async throws {
        // The default timeout, 10 s.
        let harness = try await Harness.start(options: DevToolsOptions())
        defer { Task { await harness.devTools.stop() } }
        var clients: [RawConnection] = []
        for _ in 0..<10 {
            if let client = await RawConnection.open(port: harness.port) { clients.append(client) }
        }
        #expect(clients.count == 10)
        for client in clients { client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
        for client in clients {
            let (bytes, end) = await client.read(timeout: .seconds(60))
            #expect(end == .closed)
            #expect(bytes.isEmpty)
        }
        // The server still serves the page.
        let (data, response) = try await URLSession.shared.data(from: URL(string: harness.devTools.url)!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(!data.isEmpty)
    }

    @Test func idleConnectionsWithoutTheTokenAreBoundedAndDoNotStarveThePage() async throws {
        let harness = try await Harness.start(
            options: DevToolsOptions().with {
                $0.maxConnections = 4
                $0.maxPendingConnections = 4
                $0.requestHeadTimeout = .seconds(120)
            })
        defer { Task { await harness.devTools.stop() } }
        let limiter = harness.devTools.limiter
        #expect(limiter.maxOpen == 8)
        // 200 connections that never send a byte, opened concurrently.
        let clients = await withTaskGroup(of: RawConnection?.self) { group in
            for _ in 0..<200 { group.addTask { await RawConnection.open(port: harness.port) } }
            var clients: [RawConnection] = []
            for await client in group { if let client { clients.append(client) } }
            return clients
        }
        #expect(clients.count >= 100)  // the rest were refused by the kernel's full queue
        // A page and its socket open meanwhile; the server never holds more than its bound.
        for attempt in 0..<3 {
            let (_, response) = try await URLSession.shared.data(from: URL(string: harness.devTools.url)!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "attempt \(attempt)")
            #expect(limiter.counts.open <= limiter.maxOpen)
        }
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            let reply = try await page.request(#"{"type":"ping","id":1}"#)
            #expect(reply?.type == "reply")
            #expect(limiter.counts.open <= limiter.maxOpen)
            #expect(limiter.counts.pending <= 4)
        }
        // The oldest idle ones were closed to make room for newer ones.
        var closed = 0
        for client in clients.prefix(20) {
            let (_, end) = await client.read(timeout: .milliseconds(50))
            if end == .closed { closed += 1 }
        }
        #expect(closed > 0)
    }

    @Test func aRefusedUpgradeAnswers403SayingWhy() async throws {
        let harness = try await Harness.start(options: DevToolsOptions())
        defer { Task { await harness.devTools.stop() } }
        for (token, origin, reason) in [
            ("nope", nil, "token"), (String(harness.token.reversed()), nil, "token"),
            (harness.token, "http://evil.example", "Origin"),
        ] {
            guard let client = await RawConnection.open(port: harness.port) else {
                Issue.record("no connection")
                continue
            }
            let origin = origin ?? harness.origin
            client.send(
                "GET /ws?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(harness.port)\r\nOrigin: \(origin)\r\n"
                    + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    + "Sec-WebSocket-Version: 13\r\n\r\n")
            let (bytes, end) = await client.read(timeout: .seconds(30))
            let response = String(decoding: bytes, as: UTF8.self)
            #expect(response.hasPrefix("HTTP/1.1 403"), "\(response)")
            #expect(response.contains("Forbidden: "))
            #expect(response.contains(reason))
            #expect(end == .closed)
        }
    }

    @Test func aRequestWithoutTheTokenIsRefusedBeforeItsBodyIsRead() async throws {
        let harness = try await Harness.start(options: DevToolsOptions())
        defer { Task { await harness.devTools.stop() } }
        let client = try #require(await RawConnection.open(port: harness.port))
        client.send("GET /?token=nope HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000000\r\n\r\n")
        client.send([UInt8](repeating: 0x41, count: 1 << 20))
        let (bytes, end) = await client.read(timeout: .seconds(30))
        let response = String(decoding: bytes, as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 403"), "\(response)")
        #expect(response.contains("a valid token is required"))
        #expect(end == .closed)
        // Other paths get a 404 with a reason.
        let other = try #require(await RawConnection.open(port: harness.port))
        other.send("GET /etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let (answer, _) = await other.read(timeout: .seconds(30))
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 404"))
    }

    @Test func aFrameOverTheLimitIsRefusedFromItsHeaderWith1009AndNoReset() async throws {
        let harness = try await Harness.start(options: DevToolsOptions(maxMessageBytes: 1_000))
        defer { Task { await harness.devTools.stop() } }
        let client = try #require(await RawConnection.open(port: harness.port))
        #expect(await client.upgrade(port: harness.port, token: harness.token))
        // A header claiming 60 MB, and the first 256 KiB of it.
        client.send(RawConnection.frame(opcode: 0x1, payload: [], length: 60_000_000))
        client.send([UInt8](repeating: 0x20, count: 256 << 10))
        let (bytes, end) = await client.read(timeout: .seconds(60))
        #expect(RawConnection.closeCode(in: bytes) == 1009)
        #expect(end == .closed)
        // Nothing of the frame was kept: the other pages go on.
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            let reply = try await page.request(#"{"type":"ping","id":2}"#)
            #expect(reply?.type == "reply")
        }
    }

    @Test func aTextMessageThatIsNotUTF8IsClosedWith1007() async throws {
        let harness = try await Harness.start(options: DevToolsOptions())
        defer { Task { await harness.devTools.stop() } }
        let client = try #require(await RawConnection.open(port: harness.port))
        #expect(await client.upgrade(port: harness.port, token: harness.token))
        client.send(
            RawConnection.frame(opcode: 0x1, payload: Array(#"{"type":"ping","id":"#.utf8) + [0xC3, 0x28, 0x7D]))
        let (bytes, _) = await client.read(timeout: .seconds(60)) { RawConnection.closeCode(in: $0) != nil }
        #expect(RawConnection.closeCode(in: bytes) == 1007)
        #expect(!answers(bytes, contain: "\"error\""))
    }

    @Test func aMessageOfSeveralFramesOverTheLimitIsAnsweredAndReadingGoesOn() async throws {
        let harness = try await Harness.start(options: DevToolsOptions(maxMessageBytes: 1_000))
        defer { Task { await harness.devTools.stop() } }
        let client = try #require(await RawConnection.open(port: harness.port))
        #expect(await client.upgrade(port: harness.port, token: harness.token))
        let piece = [UInt8](repeating: 0x20, count: 600)
        client.send(RawConnection.frame(opcode: 0x1, fin: false, payload: piece))
        client.send(RawConnection.frame(opcode: 0x0, fin: false, payload: piece))
        client.send(RawConnection.frame(opcode: 0x0, fin: true, payload: piece))
        client.send(RawConnection.frame(opcode: 0x1, payload: ping(id: 7)))
        let (bytes, end) = await client.read(timeout: .seconds(60)) { answers($0, contain: #""id":7"#) }
        #expect(answers(bytes, contain: "messageTooLarge"))
        #expect(answers(bytes, contain: "1800 bytes"))
        #expect(answers(bytes, contain: #""type":"reply","id":7"#))
        #expect(end == nil)
    }

    @Test func messagesOverTheSharedBudgetAreRefusedBusy() async throws {
        let harness = try await Harness.start(
            options: DevToolsOptions(maxMessageBytes: 10_000).with { $0.maxBufferedInputBytes = 1_000 })
        defer { Task { await harness.devTools.stop() } }
        let client = try #require(await RawConnection.open(port: harness.port))
        #expect(await client.upgrade(port: harness.port, token: harness.token))
        client.send(RawConnection.frame(opcode: 0x1, payload: ping(id: 1, padding: 2_000)))
        client.send(RawConnection.frame(opcode: 0x1, payload: ping(id: 2, padding: 100)))
        let (bytes, _) = await client.read(timeout: .seconds(60)) { answers($0, contain: #""id":2"#) }
        #expect(answers(bytes, contain: #""code":"busy""#))
        #expect(answers(bytes, contain: #""type":"reply","id":2"#))
        #expect(harness.devTools.limiter.maxAdmitted == 8)
    }

    @Test func pagesOverTheBudgetAreAnswered503UntilOneCloses() async throws {
        let harness = try await Harness.start(options: DevToolsOptions().with { $0.maxConnections = 1 })
        defer { Task { await harness.devTools.stop() } }
        var first = await RawConnection.open(port: harness.port)  // set to nil below, which closes it
        try #require(first != nil)
        #expect(await first?.upgrade(port: harness.port, token: harness.token) == true)
        let second = try #require(await RawConnection.open(port: harness.port))
        second.send("GET /?token=\(harness.token) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let (bytes, end) = await second.read(timeout: .seconds(30))
        let response = String(decoding: bytes, as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 503"), "\(response)")
        #expect(response.contains("maxConnections"))
        #expect(end == .closed)
        first = nil  // closes the socket
        var status = 0
        for _ in 0..<100 where status != 200 {
            let (_, response) = try await URLSession.shared.data(from: URL(string: harness.devTools.url)!)
            status = (response as? HTTPURLResponse)?.statusCode ?? 0
            if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == 200)
        _ = first
    }
}
#endif

/// The sample of UsingDevTools.md's "Limits" section, compiled and run.
@Suite("DevTools limits article", .timeLimit(.minutes(5)))
struct LimitsArticleTests {
    @Test func theLimitsSampleStartsAServerWithThoseLimits() async throws {
        let timeTravel = TimeTravel()
        let devTools = try await DevTools.start(
            timeTravel,
            options: DevToolsOptions(maxMessageBytes: 64 << 20))  // recordings up to 64 MiB
        #expect(devTools.options.maxMessageBytes == 64 << 20)
        #expect(devTools.limiter.maxAdmitted <= 8)
        await devTools.stop()
    }
}
