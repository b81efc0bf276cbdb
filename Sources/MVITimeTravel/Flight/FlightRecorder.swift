import Foundation
import MVI
import Synchronization

/// An always-on, bounded record of each registered store's newest events, written to a file
/// the app can send home after a crash: a production-cheap black box.
///
/// ```swift
/// let flight = FlightRecorder(directory: cachesURL.appendingPathComponent("flight"))
/// let store = Store(Counter(), initialState: .init(), name: "Counter",
///                   middleware: [try flight.register("Counter")])
/// ```
///
/// Each store records on its own send path into a ring of its newest `maxEvents` events
/// (the ring time travel records into, with no state copied per event); a thread of the
/// recorder encodes, redacts and writes them off the send path, to `<directory>/<name>.json`
/// in the format ``TimeTravel/export()`` writes, which the DevTools page imports and
/// ``TimeTravelReplay`` reruns with the recorded dependency results. What reaches the file,
/// and when, is in <doc:KeepingAFlightRecorder>.
public final class FlightRecorder: Sendable {
    let directory: URL
    let maxEvents: Int
    let flusher: FlightFlusher

    /// Creates a recorder that keeps each store's newest `maxEvents` events (at least 1) and
    /// writes them into `directory` (created if needed) every `flushInterval`, when they
    /// changed, at once on any failure reported to a store's error handler, and on
    /// ``flush()``.
    ///
    /// - Parameters:
    ///   - directory: Where each store's file goes, `<directory>/<name>.json`.
    ///   - maxEvents: How many of each store's newest events are kept (at least 1).
    ///   - flushInterval: How often a store's changed events are written: a `kill -9` loses at
    ///     most the events of the last interval.
    ///   - onError: Receives what cannot be written (a full disk, a directory that cannot be
    ///     made) and registration problems found late. Defaults to standard error.
    public init(
        directory: URL, maxEvents: Int = 1_000, flushInterval: Duration = .seconds(1),
        onError: StoreErrorHandler = .standardError
    ) {
        self.directory = directory
        self.maxEvents = Swift.max(1, maxEvents)
        self.flusher = FlightFlusher(directory: directory, interval: flushInterval, onError: onError)
    }

    deinit {
        flusher.stop()
    }

    /// Registers a store under a unique name and returns the middleware to give it, as
    /// ``TimeTravel/register(_:for:)`` does: from then on the store records its newest events
    /// into `<directory>/<name>.json`. A name may be registered again once its store ended;
    /// the file then holds the events of both.
    ///
    /// - Throws: ``TimeTravelError/duplicateStoreName(_:)`` if a live store has the name.
    public func register<F: Feature>(
        _ name: String, for feature: F.Type = F.self
    ) throws(TimeTravelError) -> any Middleware<F> {
        let controller = flusher.controller(named: name) {
            // Causes on, for the store's own intents only: a rerun tells the intents sent
            // from outside by them, and needs no call sites (budgets.tsv: send-1sub-flight).
            let timeTravel = TimeTravel(maxEvents: maxEvents, callSites: true, onError: flusher.errorHandler)
            timeTravel.session.keepStoreCausesOnly()
            // A failure wakes the thread, which writes it at once. The semaphore alone: the
            // flusher holds the controller, which must not hold the flusher.
            let wake = flusher.wake
            timeTravel.session.onFailure { wake.signal() }
            timeTravel.storage.withLock { $0.ticker.ownsClock.store(false, ordering: .relaxed) }
            _ = timeTravel.startRecording()
            return timeTravel
        }
        return try controller.register(name, for: feature)
    }

    /// Writes every store's newest events now, on the calling thread; returns once they are
    /// on disk (in the kernel's keeping: see <doc:KeepingAFlightRecorder>). Errors go to `onError`.
    public func flush() {
        flusher.flushAll(force: true)
    }
}
