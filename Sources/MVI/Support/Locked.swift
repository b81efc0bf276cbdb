import Synchronization

/// A value that only one thread at a time may read or change: the one locked-value type of
/// swift-mvi, guarded by the package's one ``Lock``, so that the sanitizer checks the lock that
/// ships. A class, so that it can be shared by reference and captured by escaping closures;
/// the lock word and the value live in the same object.
///
/// The store's own two locks are not this type: they are bare ``Lock``s beside the fields
/// they guard (``StoreScheduler`` and ``StoreCore``), so that a store is one allocation
/// (budgets.tsv: create-store).
@usableFromInline
package final class Locked<Value: Sendable>: @unchecked Sendable {  // `value` is touched only under `lock`
    @usableFromInline let lock = Lock()
    /// Guarded by `lock`.
    // Unchecked exclusivity: every access holds `lock`, which is stronger than the dynamic
    // check; the check would add a runtime call to each access, on paths such as the
    // observable store's state queue that took none before (its value was behind a pointer).
    @usableFromInline @exclusivity(unchecked) var value: Value

    /// A lock guarding `initialValue`.
    @inlinable package init(_ initialValue: consuming Value) {
        value = initialValue
    }

    /// Runs `body` on the value, holding the lock.
    @inlinable package func withLock<Result: Sendable, E: Error>(
        _ body: (inout Value) throws(E) -> Result
    ) throws(E) -> Result {
        try lock.withLock { () throws(E) -> Result in try body(&value) }
    }
}
