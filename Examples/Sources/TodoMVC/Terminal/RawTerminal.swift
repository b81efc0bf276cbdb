#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal in raw mode on the alternate screen: keys arrive one by one, unechoed; the
/// cursor is hidden until input needs it. ``restore()`` puts everything back, and is safe to
/// call twice (at exit and from a signal handler's path).
public final class RawTerminal {
    private var original = termios()
    private var isRaw = false

    /// Whether standard input and output are a terminal.
    public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Creates the handle; nothing changes until ``enter()``.
    public init() {}

    /// The terminal's size in columns and rows (80 × 24 if it does not say).
    public static func size() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Raw mode (no echo, no line buffering, no flow control; Ctrl-C still signals), the
    /// alternate screen, cleared, the cursor hidden.
    public func enter() {
        guard !isRaw, tcgetattr(STDIN_FILENO, &original) == 0 else { return }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        isRaw = true
        Self.write("\u{1B}[?1049h\u{1B}[2J\u{1B}[H\u{1B}[?25l")
    }

    /// Back to the normal screen, cursor shown, the settings as they were.
    public func restore() {
        guard isRaw else { return }
        isRaw = false
        Self.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }

    /// Writes `text` to standard output, all of it.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The bytes typed on standard input, one chunk per read, until it ends.
    public static func input() -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        // A blocking read needs a thread of its own: it must not hold one of the cooperative
        // pool's few threads.
        var thread = pthread_t()
        let box = Unmanaged.passRetained(InputReader(continuation: continuation))
        pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<InputReader>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            }, box.toOpaque())
        pthread_detach(thread)
        return stream
    }
}

/// Reads standard input on its own thread and yields what it reads.
private final class InputReader: Sendable {
    let continuation: AsyncStream<[UInt8]>.Continuation

    init(continuation: AsyncStream<[UInt8]>.Continuation) {
        self.continuation = continuation
    }

    func run() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            continuation.yield(Array(buffer[0..<count]))
        }
        continuation.finish()
    }
}
