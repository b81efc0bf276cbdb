import MVI
import Logging

/// One logged line.
struct LogRecord: Equatable, Sendable, CustomStringConvertible {
    var level: Logger.Level
    var message: String

    var description: String { "\(level): \(message)" }
}

/// Where the in-memory handler puts what it logs; tests read it back and can wait for it.
final class LogSink: Sendable {
    private struct Contents {
        var records: [LogRecord] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let contents = Locked(Contents())

    func append(_ record: LogRecord) {
        let ready = contents.withLock { contents -> [CheckedContinuation<Void, Never>] in
            contents.records.append(record)
            let count = contents.records.count
            let ready = contents.waiters.filter { $0.count <= count }.map(\.continuation)
            contents.waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    var records: [LogRecord] {
        contents.withLock { $0.records }
    }

    /// The logged messages, each split into its lines.
    var lines: [String] {
        records.flatMap { $0.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Waits until at least `count` records were logged.
    func waitFor(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = contents.withLock { contents -> Bool in
                if contents.records.count >= count { return true }
                contents.waiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// A swift-log handler that keeps every line in memory.
struct InMemoryLogHandler: LogHandler {
    let sink: LogSink
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    init(sink: LogSink, logLevel: Logger.Level = .trace) {
        self.sink = sink
        self.logLevel = logLevel
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        sink.append(LogRecord(level: event.level, message: event.message.description))
    }
}

/// A logger writing to a fresh sink, at `level`.
func memoryLogger(level: Logger.Level = .trace) -> (Logger, LogSink) {
    let sink = LogSink()
    let logger = Logger(label: "test") { _ in InMemoryLogHandler(sink: sink, logLevel: level) }
    return (logger, sink)
}
