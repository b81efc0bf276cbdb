import Synchronization

/// A value behind a lock, shareable by reference between closures.
final class Locked<Value>: Sendable {
    // Mutex is noncopyable and cannot be captured by escaping closures; a class can.
    private let mutex: Mutex<Value>

    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, under the lock.
    func withLock<R>(_ body: (inout sending Value) throws -> sending R) rethrows -> sending R {
        try mutex.withLock(body)
    }
}
