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

/// `--quiet`: only the sections' headings and the rendered views; no log lines, and no notes
/// from routers and analytics.
let isQuiet = CommandLine.arguments.contains("--quiet")

/// The walkthrough's logger (silent with `--quiet`).
let walkthroughLogger = Logger(label: "walkthrough") { label in
    isQuiet ? SwiftLogNoOpLogHandler(label) as any LogHandler : PrintLogHandler()
}

/// Prints what a sample's collaborator did (a router, analytics), indented like a log line;
/// nothing with `--quiet`.
func note(_ text: String) {
    if !isQuiet { print("    \(text)") }
}
