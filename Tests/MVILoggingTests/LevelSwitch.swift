import MVI
import Logging

/// A handler whose level a test changes while a store runs; every logger copy shares it.
final class LevelSwitch: LogHandler, Sendable {
    let sink: LogSink
    let level = Locked<Logger.Level>(.error)

    init(sink: LogSink) {
        self.sink = sink
    }

    var logLevel: Logger.Level {
        get { level.withLock { $0 } }
        set { level.withLock { $0 = newValue } }
    }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}  // this handler keeps no metadata
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}  // this handler keeps no metadata
    }

    func log(event: LogEvent) {
        sink.append(LogRecord(level: event.level, message: event.message.description))
    }
}
