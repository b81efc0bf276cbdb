/// What a slot holds, typed and as it is: no description and no encoding until asked.
@usableFromInline
package enum RecordedInput<F: Feature>: Sendable {
    /// An intent that dispatched nothing before it returned or posted a side effect.
    case intent(F.Intent)
    /// An intent and the first message it dispatched; its third event is the state after it.
    case step(F.Intent, F.Message)
    /// A message from async work, or one sent to the store; its second event is the state
    /// after it.
    case reduction(F.Message)
    /// A further message the intent being executed dispatched before it returned (its first
    /// is in its ``step(_:_:)``); its second event is the state after it. Kept apart from
    /// ``reduction(_:)`` so that the messages an intent dispatched as it ran are known (time
    /// travel skips them with it).
    case followUp(F.Message)
    /// A side effect that was posted.
    case sideEffect(F.SideEffect)
    /// The state, replaced as a whole (``Store/replaceState(with:)``); its one event is the
    /// new state, kept as a checkpoint (so that later states are computed from it, and the
    /// slot stays as small and as trivially copyable as the feature's types allow).
    case replacement
    /// A failure reported to the store's error handler; the error is kept beside the slots
    /// (``RecordLog/failures``), for the same reason.
    case failure

    /// How many events the slot stands for.
    @inlinable package var eventCount: UInt64 {
        switch self {
        case .intent, .sideEffect, .replacement, .failure: 1
        case .reduction, .followUp: 2
        case .step: 3
        }
    }

    /// The message the slot reduced, if it is a reduction.
    @inlinable package var message: F.Message? {
        switch self {
        case .step(_, let message), .reduction(let message), .followUp(let message): message
        case .intent, .sideEffect, .replacement, .failure: nil
        }
    }
}
