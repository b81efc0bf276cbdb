#if DevTools
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The web server: `GET /?token=…` serves the page, `GET /ws?token=…` upgrades to the
/// page's WebSocket. Everything else, and anything without the token, is refused, by the
/// ``RequestGate`` from the request's head alone; connections are bounded and timed out by
/// the ``ConnectionGuard`` and the ``ConnectionLimiter`` (see <doc:UsingDevTools#Limits>).
struct DevToolsServer: Sendable {
    let options: DevToolsOptions
    let token: AccessToken
    let page: PageAssets
    /// The connections, bounded.
    let limiter: ConnectionLimiter
    /// The debugger, once started; connections before that are refused.
    let devTools: @Sendable () -> DevTools?

    /// Runs until cancelled, calling `listening` with the bound port.
    func run(listening: @escaping @Sendable (Int) -> Void) async throws {
        var logger = Logger(label: "MVIDevTools")
        // Shutting down logs cancellations as errors; the debugger has nothing to say but its URL.
        logger.logLevel = .critical
        let router = Router(context: DevToolsRequestContext.self)
        let token = token
        let page = page
        router.get("/") { request, _ -> Response in
            guard Self.hasToken(request, token) else {
                throw HTTPError(.forbidden, message: "A valid token is required")
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.cacheControl] = "no-store"
            // The page loads nothing from elsewhere, and nobody may frame it.
            headers[.contentSecurityPolicy] =
                "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; frame-ancestors 'none'"
            // A valid header name, so the initializer cannot fail.
            headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: page.html)))
        }
        let devTools = devTools
        let allowedHosts = Self.allowedHosts(options)
        let limiter = limiter
        let budget = InputBudget(limit: options.maxBufferedInputBytes)
        let worker = MessageWorker()
        // The request gate refuses these first, with a sentence saying why; this is the second check.
        router.ws("/ws") { request, _ in
            guard Self.hasToken(request, token) else {
                throw HTTPError(.forbidden, message: "A valid token is required")
            }
            guard Self.originMatches(request, allowedHosts: allowedHosts) else {
                throw HTTPError(.forbidden, message: "The Origin must be the page's")
            }
            guard devTools() != nil else { throw HTTPError(.serviceUnavailable) }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            guard let devTools = devTools() else { return }
            let connection = DevToolsConnection(
                devTools: devTools, outbound: outbound, socket: limiter.handle(of: context.requestContext.channel),
                budget: budget, worker: worker)
            await connection.run(inbound: inbound)
        }
        // A frame can be no larger than a message; NIO's decoder takes at most UInt32.max.
        let maxFrameSize = Swift.min(Swift.max(options.maxMessageBytes, 1), Int(UInt32.max))
        let webSocketResponder = router.buildResponder()
        let channelConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: TimeAmount(options.idleTimeout)),
            ws: .init(
                maxFrameSize: maxFrameSize, autoPing: .enabled(timePeriod: options.pingInterval),
                closeTimeout: options.closingTimeout))
        let requestHeadTimeout = TimeAmount(options.requestHeadTimeout)
        let closingTimeout = TimeAmount(options.closingTimeout)
        let server = HTTPServerBuilder { responder in
            GuardedChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: channelConfiguration),
                limiter: limiter, token: token, allowedHosts: allowedHosts, requestHeadTimeout: requestHeadTimeout,
                closingTimeout: closingTimeout)
        }
        let app = Application(
            router: router,
            server: server,
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: nil,
                availableConnectionsDelegate: ConnectionLimiter.AcceptPolicy(limiter: limiter)),
            onServerRunning: { channel in listening(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await app.runService(gracefulShutdownSignals: [])
    }

    static func hasToken(_ request: Request, _ token: AccessToken) -> Bool {
        guard let given = request.uri.queryParameters["token"] else { return false }
        return token.matches(given)
    }

    /// The hosts the page may be loaded from: the address listened on, and the loopback names
    /// when it is a loopback address. Any port.
    static func allowedHosts(_ options: DevToolsOptions) -> Set<String> {
        var hosts: Set<String> = [options.host.lowercased()]
        if options.isLoopback { hosts.formUnion(["127.0.0.1", "localhost", "[::1]", "::1"]) }
        return hosts
    }

    /// A browser sends the page's origin with the upgrade: it must be this server's, the same
    /// scheme, host and port the request was made to, so another site's page (which the browser
    /// lets open a WebSocket anywhere, with its own origin) is refused.
    ///
    /// A browser sends one `Origin` that scripts cannot set; a client that is not a browser can
    /// send anything (some add an `Origin` of their own, with the extra one given): the check
    /// protects against pages in browsers, and the token against everything else. So the
    /// request passes when one of its `Origin` values is the page's.
    static func originMatches(_ request: Request, allowedHosts: Set<String>) -> Bool {
        originMatches(
            host: request.head.authority, origins: request.headers[values: .origin], allowedHosts: allowedHosts)
    }

    /// ``originMatches(_:allowedHosts:)`` from the `Host` header (`host`) and the `Origin`
    /// headers' values.
    static func originMatches(host: String?, origins: [String], allowedHosts: Set<String>) -> Bool {
        guard let host else { return false }
        let origins = origins.map { $0.lowercased() }
        guard origins.contains("http://\(host.lowercased())") else { return false }
        let name: Substring
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") {
            name = host[...end]
        } else {
            name = host.split(separator: ":", maxSplits: 1).first ?? Substring(host)
        }
        return allowedHosts.contains(name.lowercased()) || allowedHosts.contains("0.0.0.0")
            || allowedHosts.contains("::")
    }
}
#endif
