import MVI

/// A value behind the package's lock, shareable by reference between closures.
final class Locked<Value: Sendable>: Sendable {
    // StoreLock is noncopyable and cannot be captured by escaping closures; a class can.
    private let lock: StoreLock<Value>

    init(_ value: Value) {
        lock = StoreLock(value)
    }

    /// Runs `body` with the value, under the lock.
    func withLock<R: Sendable>(_ body: (inout Value) throws -> R) rethrows -> R {
        try lock.withLock(body)
    }
}
