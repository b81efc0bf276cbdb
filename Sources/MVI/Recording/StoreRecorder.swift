import Synchronization

/// A store's own recording of its events for time travel, written on its send path.
///
/// Recording is the store's job, not middleware's, so that it costs what it must and no
/// more: no event values are built, nothing is boxed, described or encoded, and the common
/// step (an intent, the message it dispatches, the state after it) is one slot written
/// inside the lock the store already takes to reduce, with one clock read and one atomic
/// sequence reservation. States are not copied per step: see ``RecordedSlot``.
///
/// Who may touch what:
/// - `log` belongs to the store that claimed the recorder: the store appends to it inside
///   its own critical sections under `stateLock` (`StoreCore+Recording`, the drain's file),
///   and the controller reads it under the same lock (``StoreCore/withStateLocked(_:)``). When
///   the store ends it lets go of the recorder (`detach`), and from then on `link`'s lock
///   guards `log`: the controller's reads take `link`'s lock first, then the store's.
/// - `pendingIntent` and `isExecutingRecordedIntent` are touched only by that store's
///   draining thread.
@usableFromInline
package final class StoreRecorder<F: Feature>: @unchecked Sendable {
    // @unchecked: see the type's comment; every mutable property has one guard.

    /// Which store records here, if any. Guards `log` once no store does.
    struct Link: Sendable {
        weak var core: StoreCore<F>?
        var isClaimed = false
    }

    @usableFromInline package let session: RecordingSession
    @usableFromInline @exclusivity(unchecked) var log: RecordLog<F>
    /// The intent being executed, held back so that it shares a slot with its first message.
    @usableFromInline @exclusivity(unchecked) var pendingIntent: F.Intent?
    /// Whether a recorded intent is being executed: its further messages are
    /// ``RecordedInput/followUp(_:)``. Touched only by the store's draining thread.
    @usableFromInline @exclusivity(unchecked) var isExecutingRecordedIntent = false
    /// When the intent being executed started (monotonic nanoseconds), or 0 when it is not
    /// timed. Touched only by the store's draining thread, like `pendingIntent`.
    @usableFromInline @exclusivity(unchecked) var timingStart: Int64 = 0
    /// The log's `appendedSlots` when timing started: the intent's slot is the next one.
    @usableFromInline @exclusivity(unchecked) var timingSlot = 0
    /// While the session traces: the slot the intent being executed gets (the next one
    /// appended once it began), or 0 between intents. Touched only by the draining thread.
    @usableFromInline @exclusivity(unchecked) var currentIntentSlot = 0
    /// ``currentIntentSlot`` while the bootstrap runs: never a slot's number, but not 0, so
    /// that what the bootstrap sends counts as sent by the store.
    @usableFromInline static var bootstrapSlot: Int { -1 }
    /// While the session traces: why the intent being executed was sent, kept until its
    /// slot is appended. Touched only by the draining thread.
    @usableFromInline @exclusivity(unchecked) var intentCause = InputCause.none
    /// The work (token) and the intent (slot) that sent the input being taken, when it came
    /// from either (set around it by the drainer: a queued input's ``TracedInput``, a
    /// message of work that found the store idle); 0 otherwise. Beside the input rather than
    /// with it, so that the send path passes one word of cause (its ``CallSite``). Touched
    /// only by the draining thread.
    @usableFromInline @exclusivity(unchecked) var inputWork = 0
    @usableFromInline @exclusivity(unchecked) var inputIntentSlot = 0
    let link = Locked(Link())
    /// What the store that claims the recorder runs its feature in, given the environment it
    /// was made with (time travel binds the store's dependency calls into it); `nil` to keep
    /// it as it is.
    let environmentBinding: (@Sendable (any ExecutionEnvironment) -> any ExecutionEnvironment)?

    /// Creates a recorder that records while `session` does; `bindingEnvironment`, if any,
    /// makes the environment of the store that claims it (called once, when it is made).
    package init(
        session: RecordingSession,
        bindingEnvironment: (@Sendable (any ExecutionEnvironment) -> any ExecutionEnvironment)? = nil
    ) {
        self.session = session
        self.log = RecordLog(window: session.window)
        self.environmentBinding = bindingEnvironment
    }

    deinit {
        log.deallocate()
    }

    // MARK: Ownership (the store)

    /// Claims the recorder for a store being created; `false` if another live store has it.
    func claim() -> Bool {
        link.withLock { link in
            if link.isClaimed { return false }
            link.isClaimed = true
            return true
        }
    }

    /// The claiming store exists now: its lock guards `log` from here on.
    func attach(_ core: StoreCore<F>) {
        link.withLock { $0.core = core }
    }

    /// The store ended: `log` is guarded by `link` again, and another store may claim it.
    func detach() {
        link.withLock { link in
            link.core = nil
            link.isClaimed = false
        }
    }

    // MARK: Recording (the store's drain-claim holder)

    /// Starts timing the intent about to be executed (while the session times intents).
    @usableFromInline @inline(never) func startTiming() {
        timingSlot = log.appendedSlots
        timingStart = RecordingClock.monotonicNow()
    }

    // MARK: Reading (the controller)

    /// Runs `body` on the log, under whichever lock guards it, with the recording store's
    /// current state (`nil` once it ended).
    package func withLog<Result: Sendable>(_ body: (inout RecordLog<F>, F.State?) -> Result) -> Result {
        link.withLock { link in
            guard let core = link.core else { return body(&log, nil) }
            return core.withStateLocked { state in body(&log, state) }
        }
    }

    // MARK: Async work (any thread)

    /// Keeps a piece of async work that started while the session traces. From whichever
    /// thread called `run`, so under the log's guard.
    func workStarted(_ work: RecordedWork) {
        withLog { log, _ in log.addWork(work) }
    }

    /// Notes how a traced piece of async work ended, from its task.
    func workEnded(_ token: Int, _ ending: AsyncWorkEvent.Phase) {
        let sequence = session.nextSequence
        withLog { log, _ in log.endWork(token, ending, at: sequence) }
    }

    /// Drops the recording and starts again from the store's current state, taken under
    /// the store's lock so that no message falls between it and the first slot. Returns that
    /// state; `nil` if no store records here.
    package func restart() -> F.State? {
        withLog { log, state in
            guard let state else { return nil }
            log.reset(baseline: state)
            return state
        }
    }

    /// Drops the recording and frees its slots.
    package func discard() {
        withLog { log, _ in log.reset(baseline: nil) }
    }

    /// The bytes one slot takes.
    package static var bytesPerSlot: Int { MemoryLayout<RecordedSlot<F>>.stride }
}

/// Lets the store find a recorder among its middleware (time travel's middleware is one).
package protocol RecordingMiddleware: Sendable {
    /// The recorder for stores of `feature`, if this middleware records such stores.
    func recorder<F: Feature>(for feature: F.Type) -> StoreRecorder<F>?
}
