import MVI

/// The causes a recording kept, with slots resolved to sequence numbers: what the
/// time-travel controller builds causal traces from.
package struct RecordedTrace: Sendable {
    /// What a slot holds, as far as a trace cares.
    package enum SlotKind: Sendable {
        /// An intent alone (one event).
        case intent
        /// An intent, its first message and the state after it (three events).
        case step
        /// A message and the state after it (two events).
        case message
        /// A side effect (one event).
        case sideEffect
        /// A replaced state or a failure (one event, no recorded cause).
        case other
    }

    /// The causes of one slot.
    package struct Cause: Sendable {
        /// The sequence number of the slot's first event.
        package let sequence: UInt64
        /// What the slot holds.
        package let kind: SlotKind
        /// For a slot that starts with an intent: the `send` that sent it.
        package let intentSite: CallSite
        /// For a message or a side effect: the `dispatch` or `post` that made it.
        package let site: CallSite
        /// The token of the async work that sent the slot's first input; 0 if none did.
        package let work: Int
        /// The first event of the intent whose `execute` sent the slot's first input, if one
        /// did and it is kept.
        package let intentSequence: UInt64?
        /// Whether the store itself sent the slot's first input: async work or an intent's
        /// `execute` did (even one no longer kept), not a caller outside the store.
        package let isFromStore: Bool
    }

    /// A piece of async work, its starting intent resolved.
    package struct Work: Sendable {
        /// The work as recorded.
        package let work: RecordedWork
        /// The first event of the intent whose `execute` started it, if one did and it is kept.
        package let intentSequence: UInt64?
    }

    /// The causes, oldest first.
    package var causes: [Cause] = []
    /// The work, oldest first.
    package var works: [Work] = []

    /// An empty trace.
    package init() {}
}

extension RecordLog {
    /// The causes kept, resolved to sequence numbers.
    ///
    /// `uncausedIntentsAreOutside`: the session kept causes only for the store's own intents
    /// (``RecordingSession/keepsStoreCausesOnly``), so an intent kept without one was sent
    /// from outside, at no call site known.
    func trace(uncausedIntentsAreOutside: Bool = false) -> RecordedTrace {
        var trace = RecordedTrace()
        let oldest = appendedSlots - count + 1
        for index in 0..<(causes == nil && !uncausedIntentsAreOutside ? 0 : count) {
            var position = head + index
            if position >= capacity { position -= capacity }
            let slot = slots[position]
            guard
                let cause = cause(at: position, slotNumber: oldest + index)
                    ?? (uncausedIntentsAreOutside ? Self.outsideCause(of: slot, slotNumber: oldest + index) : nil)
            else { continue }
            let sequence = slot.sequence
            trace.causes.append(
                RecordedTrace.Cause(
                    sequence: sequence, kind: Self.traceKind(of: slot.input), intentSite: cause.intentSite,
                    site: cause.site, work: cause.work,
                    intentSequence: cause.intentSlot == 0 ? nil : self.sequence(ofSlot: cause.intentSlot),
                    isFromStore: cause.work != 0 || cause.intentSlot != 0))
        }
        for work in works.slots[works.head...] {
            guard let work else { continue }
            trace.works.append(
                RecordedTrace.Work(
                    work: work, intentSequence: work.intentSlot == 0 ? nil : sequence(ofSlot: work.intentSlot)))
        }
        return trace
    }

    /// The cause of an intent (or step) slot sent from outside: nothing but that; `nil` for
    /// any other slot.
    static func outsideCause(of slot: RecordedSlot<F>, slotNumber: Int) -> RecordedCause? {
        switch traceKind(of: slot.input) {
        case .intent, .step:
            RecordedCause(slotNumber: slotNumber, intentSite: .none, site: .none, work: 0, intentSlot: 0)
        case .message, .sideEffect, .other: nil
        }
    }

    static func traceKind(of input: RecordedInput<F>) -> RecordedTrace.SlotKind {
        switch input {
        case .intent: .intent
        case .step: .step
        case .reduction, .followUp: .message
        case .sideEffect: .sideEffect
        case .replacement, .failure: .other
        }
    }
}

extension StoreRecorder {
    /// The causes the recording kept (none unless the session captures causes).
    package func trace() -> RecordedTrace {
        let outside = session.keepsStoreCausesOnly
        return withLog { log, _ in log.trace(uncausedIntentsAreOutside: outside) }
    }
}
