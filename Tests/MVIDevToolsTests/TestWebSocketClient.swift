import Foundation
import MVI
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The page's side of a WebSocket, for tests: a small client on swift-nio's own pieces
/// (`ClientBootstrap`, the HTTP/1 client upgrade, `NIOTypedWebSocketClientUpgrader`).
///
/// It exists so that the tests need no WebSocket client library: those link TLS
/// (swift-nio-ssl, so BoringSSL's 400 C files), and the debugger is plain `ws://` on loopback.
/// It does what a browser does and the tests rely on: extra request headers (`Origin`),
/// masked frames, text and binary messages reassembled from fragments up to a size limit,
/// pings answered, and the close handshake. It also writes any frame a test makes by hand.
enum TestWebSocketClient {
    /// Why a connection did not become a WebSocket, or ended badly.
    enum Failure: Error, Equatable {
        /// The URL is not `ws://host:port/path`.
        case badURL(String)
        /// The server answered the upgrade request with something else than `101`.
        case upgradeRefused
        /// A message grew past the limit given to ``connect(url:headers:maxMessageSize:_:)``.
        case messageTooLarge
        /// A text message was not UTF-8.
        case invalidText
        /// A continuation frame without a message to continue, or an unknown opcode.
        case protocolViolation
    }

    /// A whole message from the server.
    enum Message: Sendable, Equatable {
        case text(String)
        case binary(ByteBuffer)
    }

    /// What `connect`'s body gets: a writer of frames, and the messages the server sends.
    struct Connection: Sendable {
        fileprivate let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
        fileprivate let closeSent: Locked<Bool>

        /// The server's messages, in order; the stream ends once the server closed the
        /// WebSocket (after the close handshake) or the connection ended.
        let messages: AsyncThrowingStream<Message, any Error>

        /// Sends one text message in one frame.
        func send(_ text: String) async throws {
            try await write(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)))
        }

        /// Sends one binary message in one frame.
        func sendBinary(_ bytes: [UInt8]) async throws {
            try await write(WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: bytes)))
        }

        /// Writes `frame` as it is (a fragment, a bad opcode, whatever a test needs), masked as
        /// a client's frames must be unless it carries a mask already.
        func write(_ frame: WebSocketFrame) async throws {
            var frame = frame
            if frame.maskKey == nil { frame.maskKey = .random() }
            try await outbound.write(frame)
        }

        /// Starts the close handshake with `code`; does nothing if it was started already.
        /// The server's close frame ends ``messages``.
        func close(_ code: WebSocketErrorCode = .normalClosure) async throws {
            let alreadySent = closeSent.withLock { sent in
                defer { sent = true }
                return sent
            }
            guard !alreadySent else { return }
            var data = ByteBuffer()
            data.write(webSocketErrorCode: code)
            try await write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
        }
    }

    /// How long, after `body`, the client waits for the server's side of the close handshake.
    static let closeTimeout: Duration = .seconds(10)

    /// Opens a WebSocket to `url` (`ws://host:port/path?query`) with `headers` added to the
    /// upgrade request, and runs `body` with it. Once `body` returns or throws, the client closes
    /// the WebSocket (`normalClosure` unless `body` closed it), waits for the server's close frame
    /// (at most ``closeTimeout``), and closes the connection.
    ///
    /// Throws ``Failure/upgradeRefused`` (or the connection's error) if the server does not
    /// accept the WebSocket; `body` is not run then.
    static func connect<Result: Sendable>(
        url: String, headers: HTTPHeaders = [:], maxMessageSize: Int = 64 << 20,
        _ body: (Connection) async throws -> Result
    ) async throws -> Result {
        guard let components = URLComponents(string: url), components.scheme == "ws",
            let host = components.host, let port = components.port
        else { throw Failure.badURL(url) }
        let target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let uri = components.percentEncodedQuery.map { "\(target)?\($0)" } ?? target
        var requestHeaders = headers
        requestHeaders.replaceOrAdd(name: "Host", value: "\(host):\(port)")
        requestHeaders.replaceOrAdd(name: "Content-Length", value: "0")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: uri, headers: requestHeaders)

        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
                        // Whole messages are limited below; one frame may be as large.
                        maxFrameSize: maxMessageSize
                    ) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            .webSocket(
                                try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(
                                    wrappingChannelSynchronously: channel))
                        }
                    }
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                        upgradeRequestHead: head, upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            channel.eventLoop.makeSucceededFuture(.refused(channel))
                        })
                    var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
                    // The server's first frames may come in the same read as its `101`: the
                    // HTTP decoder must hand them on, not drop them (its default).
                    pipeline.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: pipeline)
                }
            }
        switch try await upgrade.get() {
        case .refused(let channel):
            try? await channel.close()
            throw Failure.upgradeRefused
        case .webSocket(let channel):
            return try await channel.executeThenClose { inbound, outbound in
                try await run(inbound: inbound, outbound: outbound, maxMessageSize: maxMessageSize, body)
            }
        }
    }

    /// How the upgrade request ended.
    private enum Upgrade: Sendable {
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused(any Channel)
    }

    /// Runs `body` on an upgraded connection while a task reads the server's frames.
    private static func run<Result: Sendable>(
        inbound: NIOAsyncChannelInboundStream<WebSocketFrame>,
        outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>, maxMessageSize: Int,
        _ body: (Connection) async throws -> Result
    ) async throws -> Result {
        let (messages, continuation) = AsyncThrowingStream.makeStream(of: Message.self, throwing: (any Error).self)
        let connection = Connection(outbound: outbound, closeSent: Locked(false), messages: messages)
        let reader = Task {
            do {
                try await read(inbound, into: continuation, on: connection, maxMessageSize: maxMessageSize)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let outcome: Swift.Result<Result, any Error>
        do {
            outcome = .success(try await body(connection))
        } catch {
            outcome = .failure(error)
        }
        // The close handshake: ours (unless the body sent it), then the server's close frame,
        // which ends the reader. A server that never answers costs `closeTimeout`, not a hang.
        try? await connection.close(.normalClosure)
        let timeout = Task {
            try? await Task.sleep(for: closeTimeout)
            reader.cancel()
        }
        await reader.value
        timeout.cancel()
        return try outcome.get()
    }

    /// Reads frames until the server's close frame or the end of the connection: reassembles
    /// messages, answers pings and the server's close.
    private static func read(
        _ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>,
        into continuation: AsyncThrowingStream<Message, any Error>.Continuation, on connection: Connection,
        maxMessageSize: Int
    ) async throws {
        var partial: (opcode: WebSocketOpcode, data: ByteBuffer)?
        for try await frame in inbound {
            switch frame.opcode {
            case .ping:
                try await connection.write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData))
            case .pong:
                continue
            case .connectionClose:
                // Echo the server's code, as RFC 6455 §5.5.1 asks (`close` does nothing if ours
                // went first). The server closes the connection next.
                var data = frame.unmaskedData
                let code = data.readWebSocketErrorCode() ?? .normalClosure
                try? await connection.close(code)
                return
            case .text, .binary, .continuation:
                var message: (opcode: WebSocketOpcode, data: ByteBuffer)
                if frame.opcode == .continuation {
                    guard let started = partial else {
                        try? await connection.close(.protocolError)
                        throw Failure.protocolViolation
                    }
                    message = started
                    var fragment = frame.unmaskedData
                    message.data.writeBuffer(&fragment)
                } else {
                    message = (frame.opcode, frame.unmaskedData)
                }
                guard message.data.readableBytes <= maxMessageSize else {
                    try? await connection.close(.messageTooLarge)
                    throw Failure.messageTooLarge
                }
                guard frame.fin else {
                    partial = message
                    continue
                }
                partial = nil
                if message.opcode == .binary {
                    continuation.yield(.binary(message.data))
                } else if let text = String(validating: message.data.readableBytesView, as: UTF8.self) {
                    continuation.yield(.text(text))
                } else {
                    try? await connection.close(.dataInconsistentWithMessage)
                    throw Failure.invalidText
                }
            default:
                try? await connection.close(.protocolError)
                throw Failure.protocolViolation
            }
        }
    }
}
