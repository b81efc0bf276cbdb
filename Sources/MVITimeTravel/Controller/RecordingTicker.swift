import Foundation
import MVI
import Synchronization

/// Keeps a recording session's time current while it records, so that stores read the time
/// of an input with one atomic load instead of a clock call (which costs about as much as
/// the rest of recording a step).
///
/// A thread of its own reads the clock every millisecond; event times are therefore to the
/// millisecond (later by as much as the thread is delayed on a loaded machine). Their order
/// never depends on time: sequence numbers give it.
final class RecordingTicker: Sendable {
    static let interval: TimeInterval = 0.001

    let session: RecordingSession
    /// Whether ``start()`` starts the thread; turned off, before recording starts, for a
    /// flight recorder's controllers, whose flusher ticks their sessions (``FlightRecorder``).
    let ownsClock = Atomic<Bool>(true)
    /// Which run of the thread is current; each thread stops once it is not.
    private let generation = Atomic<Int>(0)

    init(session: RecordingSession) {
        self.session = session
    }

    /// Reads the clock now (so that the first event has a time) and keeps reading it until
    /// ``stop()``. Returns once the thread runs: a thread's start allocates (Foundation's
    /// per-thread state, its name), and it happening at some moment after recording began
    /// would land among the stores' first sends (the budgets' `send-1sub-timetravel` counted
    /// 13 to 17 stray allocations in about one run in five).
    func start() {
        session.tick()
        guard ownsClock.load(ordering: .relaxed) else { return }
        let current = generation.add(1, ordering: .relaxed).newValue
        let running = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            session.tick()
            running.signal()
            while generation.load(ordering: .relaxed) == current {
                Thread.sleep(forTimeInterval: Self.interval)
                session.tick()
            }
        }
        thread.name = "swift-mvi time travel clock"
        thread.start()
        running.wait()
    }

    /// Stops the thread within a millisecond.
    func stop() {
        generation.add(1, ordering: .relaxed)
    }
}
