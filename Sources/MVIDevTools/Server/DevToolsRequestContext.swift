#if DevTools
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// Hummingbird's WebSocket request context, plus the connection's channel, so that the page's
/// socket can pause its own reading (``ConnectionHandle``).
struct DevToolsRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
#endif
