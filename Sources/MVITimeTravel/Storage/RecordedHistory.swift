import MVI

/// A copy of a store's recording, for the controller to read.
package struct RecordedHistory<F: Feature>: Sendable {
    /// The state before the first slot: where the recording began, or a state the oldest
    /// slots were dropped up to.
    package var baseline: F.State?
    /// The slots, oldest first.
    package var slots: [RecordedSlot<F>]
    /// The checkpoints among them, oldest first.
    package var checkpoints: [RecordedCheckpoint<F>]
    /// The errors of the failures among them, oldest first.
    package var failures: [RecordedFailure] = []

    /// Every event's value, oldest first, each state computed from the checkpoint before it
    /// with the messages since reduced into it.
    package func forEachEvent(_ body: (_ sequence: UInt64, _ time: Int64, _ value: RecordedValue<F>) -> Void) {
        var state = baseline
        var checkpointIndex = 0
        var failureIndex = 0
        for slot in slots {
            var sequence = slot.sequence
            func emit(_ value: RecordedValue<F>) {
                body(sequence, slot.time, value)
                sequence += 1
            }
            switch slot.input {
            case .intent(let intent):
                emit(.intent(intent))
            case .sideEffect(let sideEffect):
                emit(.sideEffect(sideEffect))
            case .step(let intent, let message):
                emit(.intent(intent))
                emit(.message(message, dispatchedByIntent: true))
            case .reduction(let message):
                emit(.message(message, dispatchedByIntent: false))
            case .followUp(let message):
                emit(.message(message, dispatchedByIntent: true))
            case .replacement:
                // Its state is the checkpoint of its event.
                while checkpointIndex < checkpoints.count && checkpoints[checkpointIndex].sequence < sequence {
                    checkpointIndex += 1
                }
                if checkpointIndex < checkpoints.count && checkpoints[checkpointIndex].sequence == sequence {
                    state = checkpoints[checkpointIndex].state
                }
                emit(state.map { .state($0) } ?? .unknownState)
                continue
            case .failure:
                while failureIndex < failures.count && failures[failureIndex].sequence < sequence { failureIndex += 1 }
                let kept = failureIndex < failures.count && failures[failureIndex].sequence == sequence
                emit(.failure(kept ? failures[failureIndex].error : FailureNoLongerKept.error))
            }
            guard let message = slot.input.message else { continue }
            while checkpointIndex < checkpoints.count && checkpoints[checkpointIndex].sequence < sequence {
                checkpointIndex += 1
            }
            if checkpointIndex < checkpoints.count && checkpoints[checkpointIndex].sequence == sequence {
                state = checkpoints[checkpointIndex].state
            } else if state != nil {
                F.reduceKeepingSharedElements(&state!, message)
            }
            emit(state.map { .state($0) } ?? .unknownState)
        }
    }
}

/// One event's value, as ``RecordedHistory/forEachEvent(_:)`` reads it.
package enum RecordedValue<F: Feature>: Sendable {
    /// An intent, before it was executed.
    case intent(F.Intent)
    /// A message, before it was reduced; `dispatchedByIntent` when the intent being executed
    /// dispatched it as it ran (the intent's event comes before it, with only the states,
    /// side effects and failures of the intent's run between them).
    case message(F.Message, dispatchedByIntent: Bool)
    /// The state after a message, or a state that replaced the store's (``RecordedInput/replacement(_:)``).
    case state(F.State)
    /// A failure reported to the store's error handler.
    case failure(StoreError)
    /// A side effect that was posted.
    case sideEffect(F.SideEffect)
    /// A state the recording cannot compute: it began without a state to start from.
    case unknownState
}

/// What a failure event shows when its error is no longer kept: a recorder keeps the newest
/// `RecordLog.maxFailures` errors.
struct FailureNoLongerKept: Error, CustomStringConvertible {
    var description: String { "a failure (its error is no longer kept)" }

    /// What such an event shows.
    static var error: StoreError {
        StoreError(storeName: "", origin: .addOn("time travel"), underlying: FailureNoLongerKept())
    }
}

extension StoreRecorder {
    /// A copy of the recording.
    package func history() -> RecordedHistory<F> {
        withLog { log, _ in log.history() }
    }
}

extension RecordLog {
    /// A copy of the recording, oldest first.
    func history() -> RecordedHistory<F> {
        var copied: [RecordedSlot<F>] = []
        copied.reserveCapacity(count)
        for index in 0..<count {
            var position = head + index
            if position >= capacity { position -= capacity }
            copied.append(slots[position])
        }
        return RecordedHistory(
            baseline: baseline, slots: copied, checkpoints: checkpoints.elements,
            failures: failures(from: copied.first?.sequence ?? .max))
    }
}
