#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif os(Windows)
import ucrt
#endif
import Synchronization

/// What several stores record into together: the switch, the shared sequence numbers and the
/// window of newest events kept. Time travel makes one per controller.
@usableFromInline
package final class RecordingSession: CauseTracing {
    @usableFromInline let recording = Atomic<Bool>(false)
    @usableFromInline let sequence = Atomic<UInt64>(1)
    /// The current time, in nanoseconds since 1970, as of the last ``tick()``.
    @usableFromInline let currentTime = Atomic<Int64>(0)
    /// How many readers want intents timed (``beginTimingIntents()``); 0 almost always.
    @usableFromInline let timingReaders = Atomic<Int>(0)
    /// The newest events kept across all the session's stores.
    package let window: Int
    /// Whether stores keep the causes of what they record (call sites, the work and the
    /// intent behind each input) while recording.
    @usableFromInline package let capturesCauses: Bool

    /// Whether stores keep causes only for the intents the store sent itself (from an
    /// `execute`, the bootstrap or async work), and none for messages and side effects: an
    /// intent kept without a cause came from outside. A flight recorder's session (set before
    /// any store records): the file and a rerun need an intent's origin, not call sites, and
    /// an intent sent from outside then costs no cause (budgets.tsv: send-1sub-flight).
    @usableFromInline let storeCausesOnly = Atomic<Bool>(false)

    /// Whether causes are kept only for the store's own intents (``keepStoreCausesOnly()``).
    @inlinable package var keepsStoreCausesOnly: Bool { storeCausesOnly.load(ordering: .relaxed) }

    /// From now on, keep causes only for the store's own intents. Call it before any store
    /// records (a flight recorder's controller, when it is made).
    package func keepStoreCausesOnly() {
        storeCausesOnly.store(true, ordering: .relaxed)
    }

    /// Told of each failure a store records (``onFailure(_:)``); `nil` almost always. Read
    /// only when a store records a failure, off the send path.
    let failureObserver = Locked<(@Sendable () -> Void)?>(nil)

    /// Calls `observer` after each failure a store records from now on (on the store's
    /// draining thread, with no lock held): a flight recorder's thread wakes to write it.
    package func onFailure(_ observer: @escaping @Sendable () -> Void) {
        failureObserver.withLock { $0 = observer }
    }

    /// A store recorded a failure: tells the observer, if any.
    func noteFailure() {
        failureObserver.withLock { $0 }?()
    }

    /// The largest window: 2⁵³ events. Beyond it a ring's capacity (`window` plus a
    /// checkpoint interval) would overflow `Int`, and an exported recording's sequence
    /// numbers (JSON numbers, read as `Double`s) would no longer be exact.
    package static let maxWindow = 1 << 53

    /// Creates a session that keeps the newest `window` events (clamped to 1...``maxWindow``),
    /// and the causes of each while `capturesCauses`.
    package init(window: Int, capturesCauses: Bool = true) {
        self.window = Swift.min(Swift.max(1, window), Self.maxWindow)
        self.capturesCauses = capturesCauses
    }

    /// Whether stores keep causes now: recording, with causes captured.
    @inlinable package var isTracing: Bool { capturesCauses && isRecording }

    /// Whether stores record now. A relaxed load: the slots themselves are published by
    /// each recorder's lock.
    @inlinable package var isRecording: Bool { recording.load(ordering: .relaxed) }

    /// Turns recording on or off.
    ///
    /// Sequence numbers never restart: an event whose store checked the switch just before
    /// it went off can land after it went on again, and must not reuse a number. Readers
    /// take ``nextSequence`` when a recording starts and ignore anything older.
    ///
    /// Turning it on must be followed by ``StoreRecorder/restart()`` of each recorder of the
    /// session (the time-travel controller does it): states are computed from each
    /// recorder's start and its messages, so messages missed while recording was off would
    /// leave the start behind.
    package func setRecording(_ isOn: Bool) {
        recording.store(isOn, ordering: .releasing)
    }

    /// The number the next event will get.
    package var nextSequence: UInt64 { sequence.load(ordering: .relaxed) }

    /// Reads the clock into ``now``. While recording, the time-travel controller calls it
    /// every millisecond from a thread of its own, so that a store takes the time of an input
    /// with one load instead of a clock call, a large share of a send.
    package func tick() {
        currentTime.store(RecordingClock.now(), ordering: .relaxed)
    }

    /// The time of the last ``tick()``: nanoseconds since 1970.
    @inlinable package var now: Int64 { currentTime.load(ordering: .relaxed) }

    /// Whether stores time each intent's execution (``StoreRecorder/timings(afterSlot:)``).
    /// One relaxed load on the recorded send path: with nobody timing, that is all it costs.
    @inlinable package var isTimingIntents: Bool { timingReaders.load(ordering: .relaxed) > 0 }

    /// A reader (a debugger page) wants intents timed, from the next intent on, until it calls
    /// ``endTimingIntents()``. Calls nest: timing goes on while any reader wants it.
    package func beginTimingIntents() {
        timingReaders.add(1, ordering: .relaxed)
    }

    /// Ends one ``beginTimingIntents()``.
    package func endTimingIntents() {
        timingReaders.subtract(1, ordering: .relaxed)
    }

    /// Reserves `count` consecutive sequence numbers and returns the first.
    @inlinable func reserve(_ count: UInt64) -> UInt64 {
        sequence.wrappingAdd(count, ordering: .relaxed).oldValue
    }
}

/// The wall clock of recordings: nanoseconds since 1970-01-01 UTC (`CLOCK_REALTIME`;
/// `timespec_get` on Windows). Read by ``RecordingSession/tick()``, not on the send path.
@usableFromInline
enum RecordingClock {
    static func now() -> Int64 {
        nanoseconds(monotonic: false)
    }

    /// A monotonic clock in nanoseconds (`CLOCK_MONOTONIC`; the wall clock on Windows), for
    /// timing intents: never 0, so that 0 can mean "not timing".
    @usableFromInline static func monotonicNow() -> Int64 {
        Swift.max(1, nanoseconds(monotonic: true))
    }

    /// `CLOCK_MONOTONIC` or `CLOCK_REALTIME` in nanoseconds (the wall clock either way on
    /// Windows).
    private static func nanoseconds(monotonic: Bool) -> Int64 {
        var time = timespec()
        #if os(Windows)
        _ = timespec_get(&time, TIME_UTC)
        #else
        _ = clock_gettime(monotonic ? CLOCK_MONOTONIC : CLOCK_REALTIME, &time)
        #endif
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}
