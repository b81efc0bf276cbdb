/// The saves of one ``Shared`` value, as a plain state machine: what to write next, when to
/// retry, whom to tell. ``SharedSaver`` holds it under its lock and acts outside the lock.
///
/// - One write at a time, in order, coalesced: only the newest value waiting is written, and
///   never an older value after a newer one.
/// - A failed write is retried after a delay that starts at ``firstDelay`` and doubles up to
///   ``longestDelay``, until it succeeds or a newer value replaces it.
/// - A refused write (the storage keeps something it could not read and will not write over
///   it) is not retried by the clock: it waits for a newer value or for the storage to say
///   something changed.
/// - Failures are reported sparingly: the first, then the 10th, 100th… in a row; a refusal
///   once; and a recovery after failures once.
struct SharedSaverMachine<Value: Sendable>: Sendable {
    /// Where the saves are.
    enum Phase: Equatable, Sendable {
        /// Nothing to write.
        case idle
        /// A write is running (its thread owns it).
        case writing
        /// The last write failed; a retry is due when the timer of `generation` fires.
        case waitingToRetry
        /// The last write was refused: waiting for a newer value or a storage event.
        case waitingForChange
    }

    /// What the saver must do once the lock is released.
    enum Action: Sendable {
        /// Write `value`, the value at `version`.
        case write(Value, version: UInt64)
        /// Start the retry timer of `generation`.
        case retry(after: Duration, generation: Int)
    }

    /// What to report and whom to resume, once the lock is released.
    struct Outcome: Sendable {
        /// The next step, if any.
        var action: Action?
        /// A failure to report (`nil`: stay quiet, it was reported before).
        var report: (any Error)?
        /// Set when a write succeeded after failures: how many attempts had failed.
        var recoveredAfter: Int?
        /// Waiters to resume: `nil` error for success.
        var resumed: [(id: Int, error: (any Error)?)] = []
    }

    static var firstDelay: Duration { .milliseconds(50) }
    static var longestDelay: Duration { .seconds(4) }

    private(set) var phase = Phase.idle
    /// The newest value not written yet.
    private(set) var pending: (value: Value, version: UInt64)?
    /// The version being written while ``phase`` is `.writing`, and its value.
    private(set) var writing: UInt64 = 0
    private var writingValue: Value?
    /// The newest version the storage holds: written by this saver, or read from the storage.
    private(set) var settled: UInt64 = 0
    /// Failed attempts in a row.
    private(set) var failures = 0
    /// The last failure, until a write succeeds.
    private(set) var lastFailure: (any Error)?
    private var delay = Duration.zero
    private var generation = 0
    /// Callers of `Shared.save()` waiting for a version to be written.
    private var waiters: [(id: Int, version: UInt64)] = []

    /// A local change at `version` wants saving.
    mutating func request(_ value: Value, version: UInt64) -> Action? {
        guard version > settled, version > (pending?.version ?? 0), phase != .writing || version > writing else {
            return nil
        }
        pending = (value, version)
        switch phase {
        case .idle, .waitingForChange: return startWriting()
        case .writing, .waitingToRetry: return nil
        }
    }

    /// The storage found `value` (at `version` of the shared value) changed from outside, and
    /// the shared value took it: nothing older waiting is written any more. A write already
    /// running finishes first and is followed by the storage's own value again, so that the
    /// storage ends on what the shared value holds.
    mutating func external(_ value: Value, version: UInt64) -> Outcome {
        var outcome = Outcome()
        // A newer local change is on its way to the storage: it is written over this one.
        if let pending, pending.version > version { return outcome }
        if phase == .writing {
            pending = (value, version)
            return outcome
        }
        pending = nil
        settled = max(settled, version)
        if phase != .idle {
            phase = .idle
            generation += 1
            failures = 0
            lastFailure = nil
        }
        outcome.resumed = resume(upTo: settled)
        return outcome
    }

    /// The storage said something changed (it reported a state of its own): a refused value
    /// is tried again.
    mutating func storageChanged() -> Action? {
        guard phase == .waitingForChange, pending != nil else { return nil }
        return startWriting()
    }

    /// The retry timer of `generation` fired.
    mutating func timerFired(_ generation: Int) -> Action? {
        guard generation == self.generation, phase == .waitingToRetry, pending != nil else { return nil }
        return startWriting()
    }

    /// `Shared.save()` by waiter `id`, for `version` (the shared value's version now):
    /// `.done` if it is written, else the write to start now (skipping a retry delay), if any.
    mutating func saveNow(id: Int, version: UInt64) -> (done: Bool, action: Action?) {
        guard version > settled else { return (true, nil) }
        waiters.append((id, version))
        switch phase {
        case .waitingToRetry, .waitingForChange:
            return (false, pending == nil ? nil : startWriting())
        case .idle:
            // The change's request is on its way from the thread that made it.
            return (false, pending == nil ? nil : startWriting())
        case .writing: return (false, nil)
        }
    }

    /// The write of `version` ended: `error` is `nil` on success; `refused` when the
    /// storage refused to write over something it could not read.
    mutating func finished(version: UInt64, error: (any Error)?, refused: Bool) -> Outcome {
        var outcome = Outcome()
        guard let error else {
            writingValue = nil
            settled = max(settled, version)
            if failures > 0 { outcome.recoveredAfter = failures }
            failures = 0
            lastFailure = nil
            delay = .zero
            outcome.resumed = resume(upTo: settled)
            if let pending, pending.version > settled {
                outcome.action = startWriting()
            } else {
                pending = nil
                phase = .idle
            }
            return outcome
        }
        failures += 1
        lastFailure = error
        // Kept for the next attempt, unless a newer value replaced it meanwhile.
        if pending == nil, let writingValue { pending = (writingValue, version) }
        writingValue = nil
        // Whoever asked for this write hears that it failed; the saver goes on trying.
        outcome.resumed = waiters.map { ($0.id, error) }
        waiters = []
        if refused {
            if failures == 1 { outcome.report = error }
            phase = .waitingForChange
            return outcome
        }
        if failures == 1 || Self.isPowerOfTen(failures) { outcome.report = error }
        phase = .waitingToRetry
        delay = delay == .zero ? Self.firstDelay : min(delay * 2, Self.longestDelay)
        generation += 1
        outcome.action = .retry(after: delay, generation: generation)
        return outcome
    }

    /// Takes the pending value for a write.
    private mutating func startWriting() -> Action? {
        guard let next = pending else { return nil }
        pending = nil
        phase = .writing
        writing = next.version
        writingValue = next.value
        return .write(next.value, version: next.version)
    }

    private mutating func resume(upTo version: UInt64) -> [(id: Int, error: (any Error)?)] {
        var done: [(id: Int, error: (any Error)?)] = []
        waiters.removeAll { waiter in
            guard waiter.version <= version else { return false }
            done.append((waiter.id, nil))
            return true
        }
        return done
    }

    private static func isPowerOfTen(_ n: Int) -> Bool {
        var n = n
        while n >= 10, n % 10 == 0 { n /= 10 }
        return n == 1
    }
}
