import Synchronization

/// A value that only one thread at a time may read or change, guarded by the package's one
/// ``Lock``: every lock in swift-mvi is a `Lock` or a `StoreLock`, so the sanitizer checks the
/// lock that ships.
///
/// On Linux the value lives in one allocation of its own (the lock word stays inline); the
/// store's hot state does not use this type but a ``Lock`` beside fields of the store itself.
/// Elsewhere it is a `Mutex`, with the value inline.
@usableFromInline
package struct StoreLock<Value: Sendable>: ~Copyable, @unchecked Sendable {  // the value is touched only under the lock
    #if os(Linux)
    @usableFromInline let lock = Lock()
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// A lock guarding `initialValue`.
    @inlinable package init(_ initialValue: consuming Value) {
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` on the value, holding the lock.
    @inlinable package borrowing func withLock<Result: Sendable, E: Error>(
        _ body: (inout Value) throws(E) -> Result
    ) throws(E) -> Result {
        try lock.withLock { () throws(E) -> Result in try body(&value.pointee) }
    }
    #else
    @usableFromInline let mutex: Mutex<Value>

    /// A lock guarding `initialValue`.
    @inlinable package init(_ initialValue: consuming Value) {
        mutex = Mutex(initialValue)
    }

    /// Runs `body` on the value, holding the lock.
    @inlinable package borrowing func withLock<Result: Sendable, E: Error>(
        _ body: (inout Value) throws(E) -> Result
    ) throws(E) -> Result {
        try mutex.withLock { (value: inout Value) throws(E) -> Result in try body(&value) }
    }
    #endif
}
