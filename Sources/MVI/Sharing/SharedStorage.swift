/// Where a ``Shared`` value is saved: a file (`KeptSharedStorage` in MVIStateKeeper), a
/// database, a settings store.
///
/// The shared value loads from it once, when it is made, saves every change to it (one
/// save at a time, on a thread of the shared value's own, never an older value after a newer
/// one; a failed save is tried again), and is told of changes made to it from outside
/// (another process, another window) through ``subscribe(_:onError:)``.
///
/// A storage that finds a save it cannot read throws from ``load()`` and must then refuse
/// to write over it (throw from ``save(_:)``) until someone moves it away: a user's data is
/// never lost to a bad read. A storage whose poller finds, while it runs, a value written
/// from outside that it cannot read reports it through `onError` and refuses to write over
/// it too; the shared value tries a refused save again when the storage reports anything.
/// Another process holding a lock is not a bad read: a storage waits it out.
public protocol SharedStorage<Value>: Sendable {
    /// The value saved.
    associatedtype Value: Sendable

    /// The saved value, or `nil` if nothing is saved yet. Throws if something is saved and
    /// cannot be read.
    func load() throws -> Value?

    /// Saves `value`, atomically: a crash mid-save leaves the previous value. Called off the
    /// threads that change the value, so it may block (on a disk, on another process's lock).
    func save(_ value: Value) throws

    /// Calls `onChange` with the value each time the storage finds it changed from outside,
    /// and `onError` with what it finds wrong meanwhile (a value written from outside that it
    /// cannot read, a lock it is waiting out, a value it moved aside), for as long as the
    /// storage lives. The default calls neither.
    func subscribe(
        _ onChange: @escaping @Sendable (Value) -> Void, onError: @escaping @Sendable (any Error) -> Void)
}

extension SharedStorage {
    /// Changes from outside are not watched.
    public func subscribe(
        _ onChange: @escaping @Sendable (Value) -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) {}
}
