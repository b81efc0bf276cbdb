/// A copy of a store's recording, for the controller to read.
package struct RecordedHistory<F: Feature>: Sendable {
    /// The state before the first slot: where the recording began, or a state the oldest
    /// slots were dropped up to.
    package var baseline: F.State?
    /// The slots, oldest first.
    package var slots: [RecordedSlot<F>]
    /// The checkpoints among them, oldest first.
    package var checkpoints: [RecordedCheckpoint<F>]

    /// Every event's value, oldest first, each state computed from the checkpoint before it
    /// with the messages since reduced into it.
    package func forEachEvent(_ body: (_ sequence: UInt64, _ time: Int64, _ value: RecordedValue<F>) -> Void) {
        var state = baseline
        var checkpointIndex = 0
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
                emit(.message(message))
            case .reduction(let message):
                emit(.message(message))
            case .replacement(let replaced):
                state = replaced.value
                emit(.state(replaced.value))
            case .failure(let error):
                emit(.failure(error.value))
            }
            guard let message = slot.input.message else { continue }
            while checkpointIndex < checkpoints.count && checkpoints[checkpointIndex].sequence < sequence {
                checkpointIndex += 1
            }
            if checkpointIndex < checkpoints.count && checkpoints[checkpointIndex].sequence == sequence {
                state = checkpoints[checkpointIndex].state
            } else if state != nil {
                F.reduce(&state!, message)
            }
            emit(state.map { .state($0) } ?? .unknownState)
        }
    }
}
