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
    /// message). A larger one is answered with an error frame and discarded.
    public var maxMessageBytes: Int
    /// How often the server reads new events and pushes them to open pages.
    public var pushInterval: Duration
    /// The most events one frame carries; more are split across frames.
    public var maxEventsPerFrame: Int
    /// Receives the line naming the URL to open, and warnings. Defaults to standard output,
    /// flushed at once (so the line shows up even when the output goes to a file).
    public var announce: @Sendable (String) -> Void
    /// Starts recording when the server starts, so that the page has a timeline to show.
    public var startsRecording: Bool

    /// Creates options; every parameter has a safe default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        maxMessageBytes: Int = 16 << 20,
        pushInterval: Duration = .milliseconds(50),
        maxEventsPerFrame: Int = 2_000,
        startsRecording: Bool = true,
        announce: @escaping @Sendable (String) -> Void = { line in
            print(line)
            fflush(nil)  // every stream: the line comes after what was printed before it
        }
    ) {
        self.host = host
        self.port = port
        self.maxMessageBytes = maxMessageBytes
        self.pushInterval = pushInterval
        self.maxEventsPerFrame = maxEventsPerFrame
        self.startsRecording = startsRecording
        self.announce = announce
    }

    /// Whether ``host`` is a loopback address, reachable from this machine only.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
