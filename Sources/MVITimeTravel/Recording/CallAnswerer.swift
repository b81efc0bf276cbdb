/// Decides how each recordable dependency call of a store ends, while the call waits: what
/// `MVITesting`'s `explore` gives a store's `replayable` endpoints (`MVIDependencies`), so that
/// it chooses each call's outcome (a value, an error, a cancellation) and when it arrives.
///
/// A store made with ``RecordedCalls/init(answeringWith:)`` asks it for every call of an
/// asynchronous endpoint, instead of running the endpoint; the call's outcome is then kept
/// like any other (a recording of the store holds it, and a rerun answers from it).
package protocol CallAnswerer: Sendable {
    /// How the call of endpoint `name` that is waiting ends: a value of the endpoint's result
    /// type, an error it can throw, or a cancellation. ``RecordedCalls/Outcome/notRecordable``
    /// runs the endpoint itself.
    func answer(_ name: String) async -> RecordedCalls.Outcome
}
