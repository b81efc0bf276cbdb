import Foundation
import MVI

/// A flight recorder's thread: it keeps its stores' clocks (every ``tick``), and writes each
/// store's recording when it changed, every interval, at once after a failure, and on demand.
/// Everything it does is off the stores' send paths: a store only writes its ring.
final class FlightFlusher: Sendable {
    /// How often the clock the stores read is updated: event times are to this. A failure
    /// does not wait for it: the store that records one wakes the thread (``wake``). 100 ms,
    /// ten wake-ups a second of an idle app (10 ms, a hundred, before failures woke it).
    static let tick: Duration = .milliseconds(100)
    static let tickInterval = DispatchTimeInterval.milliseconds(100)

    /// One registered name: its controller (recording from its creation) and what was written.
    struct Entry {
        let name: String
        let file: URL
        let timeTravel: TimeTravel
        /// The session's next sequence number when the file was last written.
        var written: UInt64 = 1
        /// The sequence number after the newest failure seen.
        var failuresSeen: UInt64 = 0
    }

    struct State {
        var entries: [Entry] = []
        var isStopped = false
    }

    let directory: URL
    let interval: Duration
    let errorHandler: StoreErrorHandler
    let state = Locked(State())
    /// Serializes writers: the thread and ``FlightRecorder/flush()``. A bare lock: a
    /// `Locked` of nothing made ThreadSanitizer see its zero-sized value's accesses race.
    let writing = Lock()
    let wake = DispatchSemaphore(value: 0)

    init(directory: URL, interval: Duration, onError: StoreErrorHandler) {
        self.directory = directory
        self.interval = Swift.max(interval, Self.tick)
        self.errorHandler = onError
        let thread = Thread { [self] in run() }
        thread.name = "swift-mvi flight recorder"
        thread.start()
    }

    /// The controller of `name`, made by `make` the first time.
    func controller(named name: String, make: () -> TimeTravel) -> TimeTravel {
        state.withLock { state in
            if let entry = state.entries.first(where: { $0.name == name }) { return entry.timeTravel }
            let timeTravel = make()
            state.entries.append(Entry(name: name, file: Self.file(for: name, in: directory), timeTravel: timeTravel))
            return timeTravel
        }
    }

    /// `<directory>/<name>.json`, the name's characters other than letters, digits, `-`, `_`
    /// and `.` percent-encoded.
    static func file(for name: String, in directory: URL) -> URL {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-_.")
        let safe = name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "store"
        return directory.appendingPathComponent(safe.hasPrefix(".") ? "%2E" + safe.dropFirst() : safe)
            .appendingPathExtension("json")
    }

    /// `duration` (under a tick) for a semaphore's timeout, in nanoseconds; none below 0.
    static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        .nanoseconds(Int(clamping: Swift.max(0, duration.nanoseconds)))
    }

    /// Ends the thread after a last write.
    func stop() {
        state.withLock { $0.isStopped = true }
        wake.signal()
    }

    private func run() {
        var nextFlush = ContinuousClock.now.advanced(by: interval)
        while true {
            let stopped = state.withLock { $0.isStopped }
            let entries = state.withLock { $0.entries }
            for entry in entries { entry.timeTravel.session.tick() }
            let failed = entries.contains { entry in entry.timeTravel.hasFailures(from: entry.failuresSeen) }
            if stopped || failed || ContinuousClock.now >= nextFlush {
                flushAll(force: false)
                nextFlush = ContinuousClock.now.advanced(by: interval)
            }
            if stopped { return }
            // Until the next tick, or the next flush if sooner: a flush is not late by a tick.
            let untilFlush = ContinuousClock.now.duration(to: nextFlush)
            let timeout = untilFlush < Self.tick ? Self.dispatchInterval(untilFlush) : Self.tickInterval
            _ = wake.wait(timeout: .now() + timeout)
        }
    }

    /// Writes each name's recording that changed since it was last written (every one, if
    /// `force`).
    func flushAll(force: Bool) {
        writing.withLock {
            let entries = state.withLock { $0.entries }
            for entry in entries {
                let next = entry.timeTravel.session.nextSequence
                guard force || next != entry.written else { continue }
                let failuresSeen = next
                do {
                    try write(entry)
                } catch {
                    errorHandler(
                        StoreError(storeName: entry.name, origin: .addOn("flight recorder"), underlying: error))
                }
                state.withLock { state in
                    guard let index = state.entries.firstIndex(where: { $0.name == entry.name }) else { return }
                    state.entries[index].written = next
                    state.entries[index].failuresSeen = failuresSeen
                }
            }
        }
    }

    private func write(_ entry: Entry) throws {
        let data = try Self.encode(entry.timeTravel.recording())
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: entry.file, options: .atomic)
    }

    /// A recording as compact JSON with sorted keys (what ``TimeTravel/encode(_:)`` writes,
    /// without its indentation).
    static func encode(_ recording: TimeTravelRecording) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(recording)
    }
}
