#if DevTools
import HummingbirdCore
import NIOCore
import NIOHTTP1

/// Looks at each request's head as soon as it is parsed, before anything else of the request
/// is read or routed: a request that is not for the page or its socket, or lacks the token (or,
/// for the socket, the page's `Origin`) is answered at once with a status and a sentence saying
/// why, and the connection is closed; whatever else it sent is dropped unread. A request with
/// the token admits its connection (``ConnectionLimiter/admit(_:)``), within the budget of
/// admitted connections; over it, the answer is 503. A head that does not parse is answered
/// 400, one over the parser's bound 431, and closed the same way.
///
/// The routes check the token too; this handler is what keeps a client without it from making
/// the server do more than parse one request head.
final class RequestGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What a request head asks for.
    enum Verdict: Equatable {
        case page
        case socket
        case refuse(HTTPResponseStatus, String)
    }

    private enum State {
        case awaitingHead
        case forwarding
        case refused
    }

    private let token: AccessToken
    private let allowedHosts: Set<String>
    private let limiter: ConnectionLimiter
    private let handle: ConnectionHandle
    private var state = State.awaitingHead

    init(token: AccessToken, allowedHosts: Set<String>, limiter: ConnectionLimiter, handle: ConnectionHandle) {
        self.token = token
        self.allowedHosts = allowedHosts
        self.limiter = limiter
        self.handle = handle
    }

    /// Decides from the head alone.
    static func verdict(_ head: HTTPRequestHead, token: AccessToken, allowedHosts: Set<String>) -> Verdict {
        let uri = URI(head.uri)
        let isSocket: Bool
        switch uri.path {
        case "/": isSocket = false
        case "/ws": isSocket = true
        default: return .refuse(.notFound, "Not found: the debugger serves its page at / and its socket at /ws only.")
        }
        guard head.method == .GET else {
            return .refuse(.methodNotAllowed, "Method not allowed: the debugger answers GET only.")
        }
        guard let given = uri.queryParameters["token"], token.matches(given) else {
            return .refuse(
                .forbidden, "Forbidden: a valid token is required. Open the address the app printed, token included.")
        }
        guard isSocket else { return .page }
        let host = head.headers.first(name: "Host")
        guard DevToolsServer.originMatches(host: host, origins: head.headers["Origin"], allowedHosts: allowedHosts)
        else {
            return .refuse(.forbidden, "Forbidden: the socket must be opened by the debugger's page (its Origin).")
        }
        return .socket
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .refused:
            return
        case .forwarding:
            if case .end = unwrapInboundIn(data) { state = .awaitingHead }
            context.fireChannelRead(data)
        case .awaitingHead:
            guard case .head(let head) = unwrapInboundIn(data) else { return }
            let verdict = Self.verdict(head, token: token, allowedHosts: allowedHosts)
            if case .refuse(let status, let reason) = verdict {
                refuse(context: context, status: status, reason: reason)
                return
            }
            guard limiter.admit(handle) else {
                refuse(
                    context: context, status: .serviceUnavailable,
                    reason:
                        "Service unavailable: \(limiter.maxAdmitted) pages and sockets are open, the most this debugger "
                        + "serves at once (DevToolsOptions.maxConnections). Close one and try again.",
                )
                return
            }
            state = .forwarding
            context.fireChannelRead(data)
            if verdict == .socket {
                // The upgrade replaces HTTP on this connection; nothing of HTTP follows.
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            }
        }
    }

    /// A request head NIO's parser could not read: answered at once, 431 for a head over the
    /// parser's bound (80 KiB), 400 for any other, then closed, as a refused head is. Without
    /// this the error went past the upgrade handler unanswered, and the connection waited out
    /// the request-head timeout with no status. Parser errors after a refusal (the bytes that
    /// still arrive before the close) are dropped; an error in a request already admitted goes
    /// on to Hummingbird, which answers it itself.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch state {
        case .forwarding:
            context.fireErrorCaught(error)
        case .refused:
            if !Self.isParserError(error) { context.fireErrorCaught(error) }
        case .awaitingHead:
            guard let error = error as? HTTPParserError else {
                context.fireErrorCaught(error)
                return
            }
            if error == .headerOverflow {
                refuse(
                    context: context, status: .requestHeaderFieldsTooLarge,
                    reason: "Request header fields too large: the debugger reads request heads of at most 80 KiB.")
            } else {
                refuse(
                    context: context, status: .badRequest,
                    reason: "Bad request: the request head is not HTTP/1.1 (\(String(reflecting: error))).")
            }
        }
    }

    /// Whether `error` is the request parser's: its own, or its report of bytes that arrived
    /// after it.
    private static func isParserError(_ error: any Error) -> Bool {
        if error is HTTPParserError { return true }
        if case ByteToMessageDecoderError.dataReceivedInErrorState = error { return true }
        return false
    }

    /// Answers with `status` and `reason` as plain text, and closes.
    private func refuse(context: ChannelHandlerContext, status: HTTPResponseStatus, reason: String) {
        state = .refused
        var body = context.channel.allocator.buffer(capacity: reason.utf8.count + 1)
        body.writeString(reason + "\n")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let loopContext = context.loopBound
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            loopContext.value.close(mode: .all, promise: nil)
        }
    }
}
#endif
