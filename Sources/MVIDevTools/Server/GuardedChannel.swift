#if DevTools
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with the WebSocket upgrade, with the server's own two
/// handlers around it: a ``ConnectionGuard`` next to the socket, and a ``RequestGate`` right
/// after the request-head parser (before the upgrade and the routes see anything).
struct GuardedChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let limiter: ConnectionLimiter
    let token: AccessToken
    let allowedHosts: Set<String>
    let requestHeadTimeout: TimeAmount
    let closingTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let connectionGuard = ConnectionGuard(
            limiter: limiter, requestHeadTimeout: requestHeadTimeout, closingTimeout: closingTimeout)
        do {
            try channel.pipeline.syncOperations.addHandler(connectionGuard, position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        // The guard registered the connection when it was added.
        guard let handle = connectionGuard.handle else {
            return channel.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
        }
        let token = token
        let allowedHosts = allowedHosts
        let limiter = limiter
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let upgrader = try pipeline.handler(
                type: NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>.self)
            try pipeline.addHandler(
                RequestGate(token: token, allowedHosts: allowedHosts, limiter: limiter, handle: handle),
                position: .before(upgrader))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
#endif
