/// The recorded history of one store in the timeline: live (typed payloads) or imported
/// (JSON from a file). Called only under the controller's lock.
protocol Track: AnyObject, Sendable {
    var name: String { get }
    /// The store's id in the file it was imported from; `nil` for a live track, whose id in
    /// an export is its position in the timeline.
    var recordedID: Int? { get }
    var typeNames: TimeTravelRecording.TypeNames { get }
    /// Copies the store's events out of its recorder (those numbered from `origin` on),
    /// appending their entries, numbered from 1 at `origin`; `local` counts from 0 again.
    /// Imported tracks never change.
    func refresh(track id: Int32, origin: UInt64, into entries: inout [Entry])
    /// The timeline was copied out for good (recording stopped): the recorder's copy can go.
    func freeze()
    /// Removes the `count` oldest payloads; the last state among them becomes the baseline.
    func dropFirst(_ count: Int)
    func describe(local: Int) -> String
    func encode(local: Int) -> JSONValue?
    var baselineDescription: String? { get }
    func encodeBaseline() -> JSONValue?
    /// What to run, outside the lock, to replay the intent or message at `local`; `nil` if
    /// this track cannot (imported, or its store is gone).
    func prepareReplay(local: Int) -> PreparedReplay?
    /// What to run, outside the lock, to show the state at `local` (or the baseline).
    func showAction(stateAt local: Int?) -> (@Sendable () -> Void)?
}

/// A store registered with the controller, seen without its feature type.
/// Called only under the controller's lock; the actions it returns run outside it.
protocol RegisteredStore: AnyObject, Sendable {
    var name: String { get }
    var isAlive: Bool { get }
    var isAttached: Bool { get }
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
}
