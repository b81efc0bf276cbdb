import MVI

/// What ``StoreRecorder/tail(afterSlot:)`` copied: the slots appended since a reader's last
/// read, so that a live debugger follows a recording without copying all of it each time.
package struct RecordedTail<F: Feature>: Sendable {
    /// The new slots (and the checkpoints among them), oldest first. Its baseline is set only
    /// when the read starts from the ring's oldest slot (a first read, or a reader that fell
    /// behind): otherwise the reader continues from the last state it computed.
    package var history: RecordedHistory<F>
    /// Slots appended after the reader's last read that the ring dropped before this one.
    package var droppedSlots: Int
    /// The number of the last slot copied (or the reader's own, if nothing is new): pass it
    /// to the next read.
    package var lastSlot: Int
    /// Intent timings kept since the reader's last read: the sequence number of the intent's
    /// event and how long its execution took, in nanoseconds (see ``IntentTiming``). A timing
    /// may come after its slot was read: a store keeps it once `execute` returned.
    package var timings: [(sequence: UInt64, nanoseconds: Int64)]
    /// The slot number of the newest timing read: pass it to the next read.
    package var lastTimedSlot: Int
}

extension StoreRecorder {
    /// The slots appended after slot number `afterSlot` (`nil`: every slot kept), copied
    /// under the lock that guards the log, in time proportional to the new slots only.
    ///
    /// The store waits for this copy as it waits for any reader of its recording (the lock it
    /// reduces under); it never waits for what the reader does with the copy.
    package func tail(afterSlot: Int?, afterTimedSlot: Int = 0) -> RecordedTail<F> {
        withLog { log, _ in log.tail(afterSlot: afterSlot, afterTimedSlot: afterTimedSlot) }
    }
}

extension RecordLog {
    /// See ``StoreRecorder/tail(afterSlot:)``. Slots are numbered from 1 as appended; the
    /// oldest kept is number `appendedSlots - count + 1`.
    func tail(afterSlot: Int?, afterTimedSlot: Int) -> RecordedTail<F> {
        let oldest = appendedSlots - count + 1
        let first = Swift.max(oldest, (afterSlot ?? 0) + 1)
        let dropped = afterSlot.map { Swift.max(0, oldest - ($0 + 1)) } ?? 0
        var copied: [RecordedSlot<F>] = []
        if first <= appendedSlots {
            copied.reserveCapacity(appendedSlots - first + 1)
            for number in first...appendedSlots {
                var position = head + (number - oldest)
                if position >= capacity { position -= capacity }
                copied.append(slots[position])
            }
        }
        let startsAtOldest = afterSlot == nil || dropped > 0
        let checkpoints = checkpoints.elements.filter { $0.slotNumber >= first }
        return RecordedTail(
            history: RecordedHistory(
                baseline: startsAtOldest ? baseline : nil, slots: copied, checkpoints: checkpoints,
                failures: failures(from: copied.first?.sequence ?? .max)),
            droppedSlots: dropped,
            lastSlot: Swift.max(appendedSlots, afterSlot ?? 0),
            timings: newTimings(after: afterTimedSlot),
            lastTimedSlot: Swift.max(
                afterTimedSlot, timings.isEmpty ? 0 : timings.slots[timings.slots.count - 1]?.slotNumber ?? 0))
    }

    /// The timings of intents whose slots come after `afterTimedSlot` and are still kept,
    /// with their intents' sequence numbers.
    func newTimings(after afterTimedSlot: Int) -> [(sequence: UInt64, nanoseconds: Int64)] {
        guard !timings.isEmpty, let newest = timings.slots[timings.slots.count - 1], newest.slotNumber > afterTimedSlot
        else { return [] }
        let oldest = appendedSlots - count + 1
        var found: [(sequence: UInt64, nanoseconds: Int64)] = []
        for timing in timings.elements where timing.slotNumber > afterTimedSlot && timing.slotNumber >= oldest {
            var position = head + (timing.slotNumber - oldest)
            if position >= capacity { position -= capacity }
            switch slots[position].input {
            case .intent, .step: found.append((slots[position].sequence, timing.nanoseconds))
            default: break
            }
        }
        return found
    }
}
