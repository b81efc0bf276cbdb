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
