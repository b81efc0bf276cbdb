#if DevTools
import Foundation

/// How ``DevTools`` serves its page.
public struct DevToolsOptions: Sendable {
    /// The address to listen on. The default, `127.0.0.1`, accepts connections from this
    /// machine only. Anything else (`0.0.0.0`, a LAN address) lets other machines reach a page
    /// that can edit state and send intents, guarded only by the token: ``DevTools`` logs a
    /// warning when it starts.
    public var host: String
    /// The port; `0` (the default) takes any free port. ``DevTools/url`` names the one taken.
    public var port: Int
    /// The largest message the page may send, in bytes (an imported recording is one
    /// message); 16 MiB by default. It is also the largest WebSocket frame: a frame that says
    /// it is larger is refused from its header, before its payload is read, with a close frame
    /// (1009, message too big). A message of several frames that adds up to more is answered
    /// with a `messageTooLarge` error frame, its frames dropped as they come.
    public var maxMessageBytes: Int
    /// The bytes of messages all sockets together may hold while they are put together and
    /// wait to be carried out; 32 MiB by default. A message that would go over it is answered
    /// with a `busy` error frame and dropped as it comes. Messages are parsed and carried out on
    /// threads of the debugger's own, never on the app's concurrency pool; those of 256 KiB or
    /// more one at a time.
    package var maxBufferedInputBytes: Int = 32 << 20
    /// The most pages and sockets open at once, that is connections whose request presented the
    /// token; 8 by default. One more is answered 503. Never closed to make room for anyone.
    package var maxConnections: Int = 8
    /// The most connections that have not yet presented the token (a request head with it);
    /// 16 by default. When one more arrives, the oldest of them is closed.
    ///
    /// Together with `maxConnections` this bounds the descriptors the server holds, and both
    /// are lowered when the process may open few: the server takes at most a quarter of its
    /// descriptor limit (`RLIMIT_NOFILE`), so that the app's own files keep the rest. At the
    /// bound the server stops accepting; new connections wait in the kernel's queue.
    package var maxPendingConnections: Int = 16
    /// How long a new connection has to send a whole request head that presents the token;
    /// 10 seconds by default. Then it is closed, whatever it sent so far.
    package var requestHeadTimeout: Duration = .seconds(10)
    /// How long a page's HTTP connection may stay idle between requests; 30 seconds by default.
    package var idleTimeout: Duration = .seconds(30)
    /// How often the server pings an open socket; 30 seconds by default. A socket that has not
    /// answered the previous ping by the next is closed.
    package var pingInterval: Duration = .seconds(30)
    /// How long a connection the server closes after an answer (a refusal, a close frame) may
    /// take to read it and close its side; 2 seconds by default. Meanwhile what it sends is
    /// dropped unread.
    package var closingTimeout: Duration = .seconds(2)
    /// How often the server reads new events and pushes them to open pages.
    package var pushInterval: Duration = .milliseconds(50)
    /// The most events one frame carries; more are split across frames.
    package var maxEventsPerFrame: Int = 2_000
    /// Receives the line naming the URL to open, and warnings. Defaults to standard output,
    /// flushed at once (so the line shows up even when the output goes to a file).
    public var announce: @Sendable (String) -> Void
    /// Starts recording when the server starts, so that the page has a timeline to show.
    public var startsRecording: Bool
    /// How long the page's Rerun of an imported recording may run, all its stores together;
    /// 10 seconds by default. The rerun answers by then whatever the feature's code does: a
    /// store still running is reported as timed out, with the intents it had sent and the
    /// work it left running (cancelled; work that never suspends cannot be stopped in Swift,
    /// and goes on, on the rerun's own thread). A rerun runs off Swift's concurrency pool, so
    /// other pages are answered meanwhile.
    public var rerunTimeout: Duration

    /// Creates options; every parameter has a safe default. The server's other limits (on
    /// connections, their timeouts, the bytes of messages held) are fixed: see
    /// <doc:UsingDevTools#Limits>.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        maxMessageBytes: Int = 16 << 20,
        startsRecording: Bool = true,
        rerunTimeout: Duration = .seconds(10),
        announce: @escaping @Sendable (String) -> Void = { line in
            print(line)
            fflush(nil)  // every stream: the line comes after what was printed before it
        }
    ) {
        self.host = host
        self.port = port
        self.maxMessageBytes = maxMessageBytes
        self.startsRecording = startsRecording
        self.rerunTimeout = rerunTimeout
        self.announce = announce
    }

    /// Whether ``host`` is a loopback address, reachable from this machine only.
    var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
#endif
