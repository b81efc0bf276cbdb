/// The hook: the one place the core calls time travel's recorder, as MVIKotlin's time travel
/// wraps its store. The send path's files call only the `hook…` functions of this file, each
/// behind `hasHook`, a bit tested with the middleware's (``StoreInterest/hook``), so a store
/// without a recorder pays nothing for it (budgets.tsv: send-1sub).
///
/// The store writes its recorder's log under its own lock, in the critical section it takes
/// to reduce anyway, so a recorded step costs no lock of its own. See ``StoreRecorder`` for
/// who guards what.
///
/// Why the recorder, its log and slots stay in the core (`Recording/`) rather than in
/// MVITimeTravel: a recorded step runs inside `send`, specialized for the feature. Anything
/// MVITimeTravel installs (a protocol, closures) runs unspecialized there: a witness call a
/// step and the feature's values copied through value witnesses. Folding the recorder into
/// middleware's out-of-line path measured 405 instructions a recorded send against 374 with
/// it inline (290 today; budgets.tsv: send-1sub-timetravel). What is read off the send path
/// (causal traces, exports, replayed calls) lives in MVITimeTravel.
extension StoreCore {
    /// Whether a recorder is attached.
    @inlinable var hasHook: Bool { middlewareInterest.intersects(.hook) }

    /// Attaches the pipeline's recorder, if any, to this store (a store just created).
    @usableFromInline func attachHook() {
        guard let recorder = pipeline?.recorder else { return }
        recorder.attach(self)
        noteCauseTracing(recorder.session)
    }

    /// `settings` with the environment the pipeline's recorder binds, if any (a store being
    /// made: time travel binds the store's dependency calls into it).
    static func hookSettings(_ settings: StoreSettings?, _ pipeline: Pipeline<F>) -> StoreSettings? {
        guard let settings, let environment = settings.environment,
            let binding = pipeline.recorder?.environmentBinding
        else { return settings }
        return settings.replacing(environment: binding(environment))
    }

    /// The store ended: its recorder may be claimed by another.
    func detachHook() {
        pipeline?.recorder?.detach()
    }

    /// The bootstrap starts or ends running: what it sends is the store's own.
    @inlinable func hookBootstrap(isRunning: Bool) {
        withHook { $0.currentIntentSlot = isRunning ? StoreRecorder<F>.bootstrapSlot : 0 }
    }

    /// The slot of the intent being executed, for an intent its `execute` sends.
    @inlinable var hookIntentSlot: Int {
        withHook { $0.currentIntentSlot }
    }

    /// Runs `body` with the attached recorder, without retaining it.
    @inlinable @inline(__always) func withHook<Result>(_ body: (StoreRecorder<F>) -> Result) -> Result {
        // Unchecked: only a pipeline with a recorder sets the recording bit, which callers
        // test first; the pipeline, a constant of this store, holds the recorder strongly.
        pipeline.unsafelyUnwrapped.unmanagedRecorder.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }

    /// An intent is about to be executed: while recording, it is held back, to share a slot
    /// with its first message.
    @inlinable @inline(__always) func hookWillExecute(_ intent: F.Intent, _ site: CallSite) {
        withHook { recorder in
            if recorder.session.isRecording {
                recorder.pendingIntent = intent
                recorder.isExecutingRecordedIntent = true
                if recorder.session.capturesCauses {
                    // The intent's slot is the next one appended: nothing else is recorded
                    // for this store until it is.
                    recorder.currentIntentSlot = recorder.log.appendedSlots + 1
                    recorder.intentCause = InputCause(
                        site: site, work: recorder.inputWork, intentSlot: recorder.inputIntentSlot)
                }
            }
            // One relaxed load when nobody times intents (no debugger page open).
            if _slowPath(recorder.session.isTimingIntents) { recorder.startTiming() }
        }
    }

    /// `execute` returned: an intent that dispatched nothing gets a slot of its own.
    @inlinable @inline(__always) func hookDidExecute() {
        withHook { recorder in
            recorder.isExecutingRecordedIntent = false
            recorder.currentIntentSlot = 0
            // One test, out of line: inlining both branches here kept this from being inlined
            // into `send` (budgets.tsv: send-1sub-timetravel).
            if recorder.pendingIntent != nil || _slowPath(recorder.timingStart != 0) {
                hookDidExecute(recorder)
            }
        }
    }

    /// ``hookDidExecute()`` when there is something to do: the intent held back gets a slot,
    /// and a timed intent its timing.
    @inlinable @inline(never) func hookDidExecute(_ recorder: StoreRecorder<F>) {
        if recorder.timingStart != 0 {
            recordTimedEndOfIntent(recorder)
        } else {
            recordPendingIntent(recorder)
        }
    }

    /// `execute` returned while timing: the time since ``StoreRecorder/startTiming()`` is kept
    /// for the intent's slot, if the intent was recorded.
    @inlinable @inline(never) func recordTimedEndOfIntent(_ recorder: StoreRecorder<F>) {
        let nanoseconds = RecordingClock.monotonicNow() - recorder.timingStart
        recorder.timingStart = 0
        if recorder.pendingIntent != nil { recordPendingIntent(recorder) }
        // The intent's slot is the first one appended since timing started.
        let slotNumber = recorder.timingSlot + 1
        guard recorder.log.appendedSlots >= slotNumber else { return }
        stateLock.withLock {
            recorder.log.addTiming(IntentTiming(slotNumber: slotNumber, nanoseconds: nanoseconds))
        }
    }

    @inlinable @inline(never) func recordPendingIntent(_ recorder: StoreRecorder<F>) {
        guard let intent = recorder.pendingIntent else { return }
        recorder.pendingIntent = nil
        let time = recorder.session.now
        let sequence = recorder.session.reserve(1)
        stateLock.withLock {
            recorder.log.append(RecordedSlot(sequence: sequence, time: time, input: .intent(intent)))
            if recorder.session.capturesCauses && keepsIntentCause(recorder) {
                addIntentCause(recorder, messageSite: .none)
            }
        }
    }

    /// Whether the intent being executed gets its cause kept: always, unless the session
    /// keeps only the store's own intents' causes and it came from outside (nothing sent it:
    /// no work, no intent). While the session captures causes.
    @inlinable @inline(__always) func keepsIntentCause(_ recorder: StoreRecorder<F>) -> Bool {
        !recorder.session.keepsStoreCausesOnly || recorder.intentCause.work != 0
            || recorder.intentCause.intentSlot != 0
    }

    /// Keeps the causes of the intent slot just appended (with its first message's
    /// `dispatch`, if the slot is a step). Under `stateLock`.
    @inlinable @inline(never) func addIntentCause(_ recorder: StoreRecorder<F>, messageSite: CallSite) {
        let cause = recorder.intentCause
        recorder.log.addCause(
            intentSite: cause.site, site: messageSite, work: cause.work, intentSlot: cause.intentSlot)
    }

    /// Keeps the causes of the message or side-effect slot just appended. Under `stateLock`.
    @inlinable @inline(never) func addInputCause(_ recorder: StoreRecorder<F>, _ site: CallSite) {
        // A further message or side effect of the intent being executed is the intent's
        // (even if work sent that intent: the work is the intent's cause, not this one's).
        if recorder.isExecutingRecordedIntent {
            recorder.log.addCause(intentSite: .none, site: site, work: 0, intentSlot: recorder.currentIntentSlot)
        } else {
            recorder.log.addCause(
                intentSite: .none, site: site, work: recorder.inputWork, intentSlot: recorder.inputIntentSlot)
        }
    }

    /// Runs `body` with `cause`'s work and intent noted as the sender of the input it takes
    /// (see ``StoreRecorder/inputWork``). On the draining thread. Always inlined: without a
    /// recorder it is `body` and one test.
    @inlinable @inline(__always) func withInputCause(_ cause: InputCause, _ body: () -> Void) {
        guard hasHook, cause.work != 0 || cause.intentSlot != 0 else { return body() }
        withHook { recorder in
            recorder.inputWork = cause.work
            recorder.inputIntentSlot = cause.intentSlot
        }
        body()
        withHook { recorder in
            recorder.inputWork = 0
            recorder.inputIntentSlot = 0
        }
    }

    /// Reduces `message`, recording it (with the intent held back, if any) in the same
    /// critical section.
    @inlinable @inline(__always) func reduceHooked(_ message: F.Message, _ site: CallSite) {
        reduceHooked(message, site, on: ThreadIdentity.current)
    }

    /// ``reduceHooked(_:_:)`` on thread `me`, known already: `apply`'s one call on the hooked
    /// path (out of line, but specialized), which borrows the store and the recorder: no
    /// reference counting, and `apply` stays small enough to be inlined.
    @inlinable @inline(never) func reduceHooked(_ message: F.Message, _ site: CallSite, on me: UInt) {
        withHook { reduceHooked(message, site, $0, on: me) }
    }

    /// ``reduceHooked(_:)`` with the recorder: the recorder's log is appended inside the
    /// drain's own critical section, the one that reduces.
    @inlinable @inline(__always) func reduceHooked(
        _ message: F.Message, _ site: CallSite, _ recorder: StoreRecorder<F>, on me: UInt
    ) {
        let intent = recorder.pendingIntent
        guard intent != nil || recorder.session.isRecording else {
            reduce(message, on: me, routing: routesToChildren)
            return
        }
        let time = recorder.session.now
        recorder.pendingIntent = nil
        let sequence = recorder.session.reserve(intent == nil ? 2 : 3)
        withReducing(on: me) {
            F.reduceKeepingSharedElements(&drainer.state, message, routing: routesToChildren)
            let isCheckpoint = recorder.log.appendReduction(
                sequence: sequence, time: time, intent: intent, message: message,
                isFollowUp: recorder.isExecutingRecordedIntent)
            if isCheckpoint { recorder.log.addCheckpoint(drainer.state) }
            if recorder.session.capturesCauses {
                if intent != nil {
                    if keepsIntentCause(recorder) { addIntentCause(recorder, messageSite: site) }
                } else if !recorder.session.keepsStoreCausesOnly {
                    addInputCause(recorder, site)
                }
            }
        }
    }

    /// Records a posted side effect, after the intent held back, if any.
    @inlinable func hookPosted(_ sideEffect: F.SideEffect, _ site: CallSite) {
        withHook { hookPosted(sideEffect, site, $0) }
    }

    @inlinable func hookPosted(_ sideEffect: F.SideEffect, _ site: CallSite, _ recorder: StoreRecorder<F>) {
        if recorder.pendingIntent != nil { recordPendingIntent(recorder) }
        guard recorder.session.isRecording else { return }
        let time = recorder.session.now
        let sequence = recorder.session.reserve(1)
        stateLock.withLock {
            recorder.log.append(RecordedSlot(sequence: sequence, time: time, input: .sideEffect(sideEffect)))
            if recorder.session.capturesCauses && !recorder.session.keepsStoreCausesOnly {
                addInputCause(recorder, site)
            }
        }
    }

    /// Records a failure reported to the error handler, after the intent held back, if any.
    /// On the draining thread.
    func hookFailed(_ error: StoreError) {
        withHook { recorder in
            if recorder.pendingIntent != nil { recordPendingIntent(recorder) }
            guard recorder.session.isRecording else { return }
            let time = recorder.session.now
            let sequence = recorder.session.reserve(1)
            stateLock.withLock { recorder.log.appendFailure(sequence: sequence, time: time, error: error) }
            // After the lock: whoever writes failures out (a flight recorder) finds it kept.
            recorder.session.noteFailure()
        }
    }

    /// Replaces the state, recording the new one in the same critical section while recording.
    @usableFromInline func replaceHooked(_ state: F.State) {
        withHook { recorder in
            guard recorder.session.isRecording else {
                stateLock.withLock { drainer.state = state }
                return
            }
            let time = recorder.session.now
            let sequence = recorder.session.reserve(1)
            stateLock.withLock {
                drainer.state = state
                recorder.log.appendReplacement(sequence: sequence, time: time, state: state)
            }
        }
    }
}

// MARK: Async work

extension StoreCore {
    /// Whether the store records causes now: work started now is kept with its cause.
    @inlinable var tracesCauses: Bool {
        hasHook && withHook { $0.session.isTracing }
    }

    /// Keeps a piece of async work that starts while the session traces: started by the
    /// intent being executed (if `run` was called from its `execute`), or by the work
    /// `parentWork`. Returns whether it was kept (then its end is noted too). Out of line, so
    /// that `run`, inlined into features' code, stays small.
    @usableFromInline func hookWorkStarted(token: Int, parentWork: Int?, id: TaskID?) -> Bool {
        withHook { recorder in
            guard recorder.session.isTracing else { return false }
            // `currentIntentSlot` belongs to the draining thread: only work started from
            // `execute` (no parent work) is on it.
            let intentSlot = parentWork == nil ? recorder.currentIntentSlot : 0
            recorder.workStarted(
                RecordedWork(
                    token: token, parentWork: parentWork ?? 0, intentSlot: intentSlot,
                    id: id?.description, startSequence: recorder.session.nextSequence))
            return true
        }
    }

    /// Notes how a traced piece of async work ended.
    @usableFromInline func hookWorkEnded(token: Int, _ ending: AsyncWorkEvent.Phase) {
        withHook { $0.workEnded(token, ending) }
    }
}
