/// A value behind the package's lock, shareable by reference: ``StoreLock`` is noncopyable
/// and cannot be captured by escaping closures; a class holding one can. The one such box in
/// the package, for the test store, the tests' fixtures and the core's own collectors.
package final class Locked<Value: Sendable>: Sendable {
    private let lock: StoreLock<Value>

    /// A box holding `value`.
    package init(_ value: Value) { lock = StoreLock(value) }

    /// Runs `body` with the value, under the lock.
    package func withLock<Result: Sendable, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        try lock.withLock(body)
    }
}
