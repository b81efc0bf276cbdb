import MVI

/// A value behind the package's lock, shareable by reference between closures.
package final class Locked<Value: Sendable>: Sendable {
    // StoreLock is noncopyable and cannot be captured by escaping closures; a class can.
    private let lock: StoreLock<Value>

    package init(_ value: Value) { lock = StoreLock(value) }

    /// Runs `body` with the value, under the lock.
    package func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }
}
