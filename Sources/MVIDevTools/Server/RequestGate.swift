import HummingbirdCore
import NIOCore
import NIOHTTP1

/// Looks at each request's head as soon as it is parsed, before anything else of the request
/// is read or routed: a request that is not for the page or its socket, or lacks the token (or,
/// for the socket, the page's `Origin`) is answered at once with a status and a sentence saying
/// why, and the connection is closed; whatever else it sent is dropped unread. A request with
/// the token admits its connection (``ConnectionLimiter/admit(_:)``), within the budget of
/// admitted connections; over it, the answer is 503.
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
