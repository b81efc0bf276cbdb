/// Where a ``Shared`` value is saved: a file (`FileSharedStorage` in MVIStateKeeper), a
/// database, a settings store.
///
/// The shared value loads from it once, when it is made, saves every change to it (one
/// save at a time, never an older value after a newer one), and is told of changes made to
/// it from outside (another process, another window) through ``subscribe(_:)``.
///
/// A storage that finds a save it cannot read throws from ``load()`` and must then refuse
/// to write over it (throw from ``save(_:)``) until someone moves it away: a user's data is
/// never lost to a bad read.
public protocol SharedStorage<Value>: Sendable {
    /// The value saved.
    associatedtype Value: Sendable

    /// The saved value, or `nil` if nothing is saved yet. Throws if something is saved and
    /// cannot be read.
    func load() throws -> Value?

    /// Saves `value`, atomically: a crash mid-save leaves the previous value.
    func save(_ value: Value) throws

    /// Calls `onChange` with the value each time the storage finds it changed from outside,
    /// for as long as the storage lives. The default calls it never.
    func subscribe(_ onChange: @escaping @Sendable (Value) -> Void)
}

extension SharedStorage {
    /// Changes from outside are not watched.
    public func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) {}
}
