import MVI
import MVIJSON

/// A store registered with the controller, seen without its feature type.
/// Called only under the controller's lock; the actions it returns run outside it.
protocol RegisteredStore: AnyObject, Sendable {
    var name: String { get }
    var isAlive: Bool { get }
    var isAttached: Bool { get }
    /// The store's state as its observers see it now (a shown state while stopped), or
    /// `nil` before the store exists or after it was released.
    var currentState: (any Sendable)? { get }
    /// Whether the store's recorder kept a failure numbered `sequence` or later (a flight
    /// recorder writes its file at once when it did).
    func hasFailures(from sequence: UInt64) -> Bool
    /// Holds the store's input (runs at once: it only takes the store's own lock).
    func holdInput()
    /// Resumes input; the store's own state comes back first (see `StoreHooks.resumeInput`).
    func resumeAction() -> @Sendable () -> Void
    /// Leaves the current live timeline.
    func leaveTrack()
    /// Joins a new live timeline as track `id`, from the store's current state; `nil` if it
    /// cannot be recorded (not created yet, released, or its middleware was reused).
    func beginLiveTrack(id: Int32) -> (any Track)?
    /// Decodes a recorded state for this store: `nil` if its state type is not `Decodable`.
    func decodeState(_ json: JSONValue) throws -> (any Sendable)?
    /// Shows a state decoded by ``decodeState(_:)``.
    func showAction(erased state: any Sendable) -> (@Sendable () -> Void)?
    /// Reruns `recording`'s store of this name on a fresh store of this store's feature and
    /// environment (``TimeTravelReplay/rerun(_:feature:store:environment:timeout:)``).
    func rerun(
        _ recording: TimeTravelRecording, deadline: ContinuousClock.Instant
    ) async throws(TimeTravelReplayError) -> TimeTravelRerun
}
