#if DevTools
import NIOCore

/// The first handler of every connection, next to the socket:
///
/// - registers the connection with the ``ConnectionLimiter`` (which may close an older pending
///   one to make room) and unregisters it when it closes;
/// - closes it when it has not presented the token within the request-head timeout (a client
///   that sends half a request, or nothing, holds a descriptor no longer than that);
/// - withholds reads while the connection's reading is paused;
/// - closes gracefully once something was answered: the output is shut (after what was written
///   goes out), what the client still sends is read and dropped, and the socket closes when
///   the client closes or after the closing timeout. Closing a socket with unread input makes
///   the kernel send a reset, and the client would then lose the answer (a 403, a close frame
///   with 1009) that was meant to say why.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limiter: ConnectionLimiter
    private let requestHeadTimeout: TimeAmount
    private let closingTimeout: TimeAmount
    private(set) var handle: ConnectionHandle?
    private var deadline: Scheduled<Void>?
    private var closingTimer: Scheduled<Void>?
    private var answered = false
    private var closing = false
    private var readWithheld = false

    init(limiter: ConnectionLimiter, requestHeadTimeout: TimeAmount, closingTimeout: TimeAmount) {
        self.limiter = limiter
        self.requestHeadTimeout = requestHeadTimeout
        self.closingTimeout = closingTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let handle = limiter.opened(context.channel)
        self.handle = handle
        let limiter = limiter
        let loopContext = context.loopBound
        deadline = context.eventLoop.scheduleTask(in: requestHeadTimeout) {
            // Still without the token: closed at once (it was answered nothing, so nothing is lost).
            if !limiter.isAdmitted(handle) { loopContext.value.close(mode: .all, promise: nil) }
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        closingTimer?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        closingTimer?.cancel()
        if let handle { limiter.closed(handle) }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // While closing, what the client still sends is dropped unread by anyone.
        guard !closing else { return }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        if !closing, handle?.isPaused == true {
            readWithheld = true
            return
        }
        readWithheld = false
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        answered = true
        context.write(data, promise: promise)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if closing, mode == .all {
            // Closing already: the socket closes when the client does, or at the timeout.
            if let promise { context.channel.closeFuture.cascade(to: promise) }
            return
        }
        guard mode == .all, answered, context.channel.isActive else {
            context.close(mode: mode, promise: promise)
            return
        }
        closing = true
        deadline?.cancel()
        if let promise { context.channel.closeFuture.cascade(to: promise) }
        // Shuts the output once what was written is out; the client reads it, then closes.
        let loopContext = context.loopBound
        context.close(mode: .output, promise: nil)
        closingTimer = context.eventLoop.scheduleTask(in: closingTimeout) {
            loopContext.value.close(mode: .all, promise: nil)
        }
        // Reads go on while closing, so that the client's close is seen.
        if readWithheld { context.read() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Output shut while the client still writes: the end of a graceful close.
        if closing {
            context.close(mode: .all, promise: nil)
            return
        }
        context.fireErrorCaught(error)
    }
}
#endif
