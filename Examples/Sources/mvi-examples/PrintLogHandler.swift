import Logging

/// Prints each log line indented under the step that caused it, with no timestamps, so the
/// walkthrough reads as a story.
struct PrintLogHandler: LogHandler {
    var logLevel: Logger.Level = .debug
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        for line in "\(event.message)".split(separator: "\n", omittingEmptySubsequences: false) {
            print("    log \(line)")
        }
    }
}

/// The walkthrough's logger.
let walkthroughLogger = Logger(label: "walkthrough") { _ in PrintLogHandler() }
