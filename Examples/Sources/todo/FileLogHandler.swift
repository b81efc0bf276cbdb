import Foundation
import Logging

/// Appends log lines to a file, so that logging never writes over the full-screen UI.
struct FileLogHandler: LogHandler {
    var logLevel: Logger.Level = .debug
    var metadata: Logger.Metadata = [:]
    let file: FileHandle

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let time = Date().formatted(.iso8601)
        file.write(Data("\(time) \(event.level) \(event.message)\n".utf8))
    }

    /// A logger appending to `path` (created if missing).
    static func logger(path: String) throws -> Logger {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try file.seekToEnd()
        return Logger(label: "todo") { _ in FileLogHandler(file: file) }
    }
}
