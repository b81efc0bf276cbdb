/// The slots of one store's recording on a ring, and the checkpoints among them.
///
/// Appending is O(1) and allocates only while the ring grows (it doubles). Old slots go in
/// runs: once a checkpoint's state event falls out of the newest `window` events of the
/// session (all stores share the numbers), every slot up to it goes and its state becomes
/// the baseline, so dropping runs no reducer. The ring therefore holds up to
/// `window + checkpointInterval` events; the controller cuts its copy to the window. Only if
/// the ring is full with no checkpoint to drop to (fewer reductions than that in the window)
/// does it drop one slot and reduce its message into the baseline.
///
/// A plain value over an unsafe buffer; ``StoreRecorder`` owns it and deallocates it.
@usableFromInline
package struct RecordLog<F: Feature>: @unchecked Sendable {  // the buffer belongs to one recorder, under its guard
    /// A real state is kept at most every this many slots.
    @inlinable static var maxCheckpointInterval: Int { 64 }

    @usableFromInline package var slots: UnsafeMutablePointer<RecordedSlot<F>>
    @usableFromInline package var capacity: Int
    @usableFromInline package var head = 0
    @usableFromInline package var count = 0
    /// Where the next slot goes.
    @usableFromInline var tail = 0
    @usableFromInline package var checkpoints = FIFOQueue<RecordedCheckpoint<F>>()
    /// The number of the slot from which the next reduction is kept as a checkpoint.
    @usableFromInline var nextCheckpointSlot = 0
    /// How many slots were ever appended: numbers slots, so that a checkpoint knows how
    /// many slots lie up to it without scanning them.
    @usableFromInline package var appendedSlots = 0
    /// The last event sequence number at which the oldest checkpoint falls out of the
    /// window (`.max` without checkpoints): kept apart so that the check copies nothing.
    @usableFromInline var dropAt: UInt64 = .max
    @usableFromInline package var baseline: F.State?
    /// The newest intent timings, oldest first (empty unless a reader times intents).
    @usableFromInline package var timings = FIFOQueue<IntentTiming>()
    /// The errors of the newest failures, oldest first (see ``RecordedInput/failure``).
    @usableFromInline var failures = FIFOQueue<RecordedFailure>()
    /// The causes of the slots, at the same positions as `slots` (allocated with the first
    /// cause, while the session captures causes). An entry belongs to the slot at its
    /// position only if its `slotNumber` is that slot's: a slot appended without a cause
    /// leaves an older entry (or zeros) there, and dropping slots needs no work.
    @usableFromInline package var causes: UnsafeMutablePointer<RecordedCause>?
    /// The async work started while recording, oldest first; the newest ``maxWorks``.
    @usableFromInline package var works = FIFOQueue<RecordedWork>()
    /// The newest events kept, across every store of the session.
    @usableFromInline let window: Int
    /// The most slots the ring grows to.
    @usableFromInline let maxCapacity: Int
    /// A real state is kept every this many slots: 64, or a quarter of a smaller window, so
    /// that the ring never holds much more than the window.
    @usableFromInline let checkpointInterval: Int

    @inlinable static var initialCapacity: Int { 16 }

    init(window: Int) {
        self.window = window
        checkpointInterval = Swift.max(1, Swift.min(Self.maxCheckpointInterval, window / 4))
        maxCapacity = window + checkpointInterval
        capacity = Swift.min(Self.initialCapacity, maxCapacity)
        slots = .allocate(capacity: capacity)
    }

    /// Appends a reduction's slot, with the intent that dispatched it if it is the intent's
    /// first message; `isFollowUp` for a further message of the intent being executed. Returns whether the state after it should be kept as a checkpoint
    /// (``addCheckpoint(_:)``), which the caller does only then, so the state is copied once
    /// every ``checkpointInterval`` slots. The first reduction after a reset is one.
    @inlinable @inline(__always) mutating func appendReduction(
        sequence: UInt64, time: Int64, intent: F.Intent?, message: F.Message, isFollowUp: Bool
    ) -> Bool {
        let input: RecordedInput<F>
        if let intent {
            input = .step(intent, message)
        } else {
            input = isFollowUp ? .followUp(message) : .reduction(message)
        }
        append(RecordedSlot(sequence: sequence, time: time, input: input))
        return appendedSlots >= nextCheckpointSlot
    }

    /// Keeps `state` as the value of the last slot's state event.
    @inlinable @inline(never) mutating func addCheckpoint(_ state: F.State) {
        nextCheckpointSlot = appendedSlots + checkpointInterval
        let last = (tail == 0 ? capacity : tail) - 1
        let sequence = slots[last].lastSequence
        if checkpoints.first == nil { dropAt = sequence + UInt64(window) }
        checkpoints.append(RecordedCheckpoint(sequence: sequence, slotNumber: appendedSlots, state: state))
    }

    @inlinable @inline(__always) mutating func append(_ slot: RecordedSlot<F>) {
        // The slot's first event decides: a slot may outlive the window by two events, which
        // the controller's copy trims.
        makeRoom(through: slot.sequence)
        (slots + tail).initialize(to: slot)
        tail &+= 1
        if tail == capacity { tail = 0 }
        count &+= 1
        appendedSlots &+= 1
    }

    /// The most intent timings kept: readers poll several times a second, so this is plenty.
    @inlinable static var maxTimings: Int { 4096 }

    /// The most failures whose errors are kept.
    @inlinable static var maxFailures: Int { 1024 }

    /// The most pieces of async work kept for causal traces.
    @inlinable static var maxWorks: Int { 4096 }

    /// Keeps the causes of the slot just appended.
    @inlinable mutating func addCause(intentSite: CallSite, site: CallSite, work: Int, intentSlot: Int) {
        if _slowPath(causes == nil) { allocateCauses() }
        let position = (tail == 0 ? capacity : tail) - 1
        causes.unsafelyUnwrapped[position] = RecordedCause(
            slotNumber: appendedSlots, intentSite: intentSite, site: site, work: work, intentSlot: intentSlot)
    }

    /// Allocates the causes beside the slots, none kept yet.
    @usableFromInline mutating func allocateCauses() {
        let allocated = UnsafeMutablePointer<RecordedCause>.allocate(capacity: capacity)
        allocated.initialize(repeating: .none, count: capacity)
        causes = allocated
    }

    /// The cause of the slot at ring position `position`, numbered `slotNumber`, if kept.
    package func cause(at position: Int, slotNumber: Int) -> RecordedCause? {
        guard let causes, causes[position].slotNumber == slotNumber else { return nil }
        return causes[position]
    }

    /// Keeps a piece of async work that started, dropping the oldest beyond ``maxWorks``.
    mutating func addWork(_ work: RecordedWork) {
        if works.count >= Self.maxWorks { _ = works.popFirst() }
        works.append(work)
    }

    /// Notes how the work with `token` ended, if it is kept.
    mutating func endWork(_ token: Int, _ ending: AsyncWorkEvent.Phase, at sequence: UInt64) {
        var index = works.slots.count - 1
        while index >= works.head {
            if works.slots[index]?.token == token {
                works.slots[index]?.ending = ending
                works.slots[index]?.endSequence = sequence
                return
            }
            index -= 1
        }
    }

    /// The sequence number of slot `slotNumber`'s first event, if the slot is kept.
    package func sequence(ofSlot slotNumber: Int) -> UInt64? {
        slot(number: slotNumber)?.sequence
    }

    /// Appends a failure's slot and keeps its error, dropping the oldest error beyond
    /// ``maxFailures``.
    mutating func appendFailure(sequence: UInt64, time: Int64, error: StoreError) {
        append(RecordedSlot(sequence: sequence, time: time, input: .failure))
        if failures.count >= Self.maxFailures { _ = failures.popFirst() }
        failures.append(RecordedFailure(sequence: sequence, error: error))
    }

    /// Appends a replaced state's slot, with the state as its checkpoint.
    mutating func appendReplacement(sequence: UInt64, time: Int64, state: F.State) {
        append(RecordedSlot(sequence: sequence, time: time, input: .replacement))
        addCheckpoint(state)
    }

    /// The kept errors of failures from sequence number `first` on.
    package func failures(from first: UInt64) -> [RecordedFailure] {
        guard !failures.isEmpty else { return [] }
        return failures.elements.filter { $0.sequence >= first }
    }

    /// Keeps an intent's timing, dropping the oldest beyond ``maxTimings``.
    @inlinable mutating func addTiming(_ timing: IntentTiming) {
        if timings.count >= Self.maxTimings { _ = timings.popFirst() }
        timings.append(timing)
    }

    /// Drops what the window no longer needs once events up to `last` are in, and makes
    /// sure one slot is free.
    @inlinable @inline(__always) mutating func makeRoom(through last: UInt64) {
        if last >= dropAt { dropThroughOldestCheckpoint() }
        if count == capacity { makeRoomInFullRing() }
    }

    /// Drops every slot up to the oldest checkpoint; its state becomes the baseline.
    @inlinable @inline(never) mutating func dropThroughOldestCheckpoint() {
        guard let checkpoint = checkpoints.popFirst() else { return }
        dropAt = checkpoints.first.map { $0.sequence + UInt64(window) } ?? .max
        // Slots are numbered from 1 as appended; the checkpoint is on slot `slotNumber`, and
        // the oldest slot is number `appendedSlots - count + 1`.
        let dropped = Swift.min(count, Swift.max(0, checkpoint.slotNumber - (appendedSlots - count)))
        dropOldestSlots(dropped)
        baseline = checkpoint.state
    }

    /// The ring is full: grow it, or drop the oldest slot.
    @inlinable @inline(never) mutating func makeRoomInFullRing() {
        if capacity < maxCapacity {
            grow()
        } else if checkpoints.first != nil {
            dropThroughOldestCheckpoint()
        } else {
            // No checkpoint in a full ring: fewer reductions than the interval in it. Drop one
            // slot and bring the baseline past it by reducing its message. (A replaced state
            // is a checkpoint, so it is never dropped here.)
            let message = slots[head].input.message
            dropOldestSlot()
            if let message, baseline != nil { F.reduceKeepingSharedElements(&baseline!, message) }
        }
    }

    @inlinable mutating func dropOldestSlot() {
        dropOldestSlots(1)
    }

    /// Drops the `dropped` oldest slots, deinitializing them in at most two runs (nothing
    /// to do at all when the feature's types are trivial).
    @inlinable mutating func dropOldestSlots(_ dropped: Int) {
        let first = Swift.min(dropped, capacity - head)
        (slots + head).deinitialize(count: first)
        slots.deinitialize(count: dropped - first)
        head += dropped
        if head >= capacity { head -= capacity }
        count -= dropped
    }

    @inlinable mutating func grow() {
        let grown = Swift.min(Swift.max(capacity * 2, Self.initialCapacity), maxCapacity)
        let moved = UnsafeMutablePointer<RecordedSlot<F>>.allocate(capacity: grown)
        let first = Swift.min(count, capacity - head)
        moved.moveInitialize(from: slots + head, count: first)
        (moved + first).moveInitialize(from: slots, count: count - first)
        slots.deallocate()
        slots = moved
        if let causes {
            // Trivial values: moved the same way as the slots, the new room zeroed.
            let movedCauses = UnsafeMutablePointer<RecordedCause>.allocate(capacity: grown)
            movedCauses.moveInitialize(from: causes + head, count: first)
            (movedCauses + first).moveInitialize(from: causes, count: count - first)
            (movedCauses + count).initialize(repeating: .none, count: grown - count)
            causes.deallocate()
            self.causes = movedCauses
        }
        capacity = grown
        head = 0
        tail = count == grown ? 0 : count
    }

    /// Drops every slot and starts again from `baseline`, shrinking the ring back.
    mutating func reset(baseline: F.State?) {
        removeAllSlots()
        if capacity > Self.initialCapacity {
            slots.deallocate()
            capacity = Swift.min(Self.initialCapacity, maxCapacity)
            slots = .allocate(capacity: capacity)
        }
        checkpoints = FIFOQueue()
        timings = FIFOQueue()
        failures = FIFOQueue()
        freeCauses()
        works = FIFOQueue()
        dropAt = .max
        nextCheckpointSlot = appendedSlots + checkpointInterval
        self.baseline = baseline
    }

    mutating func removeAllSlots() {
        dropOldestSlots(count)
        head = 0
        tail = 0
    }

    /// Frees the buffer; the log must not be used afterwards.
    mutating func deallocate() {
        removeAllSlots()
        slots.deallocate()
        freeCauses()
        capacity = 0
    }

    /// Frees the causes (they are allocated again with the next one).
    mutating func freeCauses() {
        causes?.deallocate()
        causes = nil
    }

    /// Slot `slotNumber`, if it is kept.
    package func slot(number slotNumber: Int) -> RecordedSlot<F>? {
        let oldest = appendedSlots - count + 1
        guard slotNumber >= oldest, slotNumber <= appendedSlots else { return nil }
        var position = head + (slotNumber - oldest)
        if position >= capacity { position -= capacity }
        return slots[position]
    }
}
