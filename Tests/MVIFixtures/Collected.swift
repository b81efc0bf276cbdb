import MVI

/// A thread-safe list of the values observers saw.
package final class Collected<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

    package init() {}

    /// Adds `value` at the end.
    package func append(_ value: Value) { storage.withLock { $0.append(value) } }

    /// Everything appended so far, in order.
    package var values: [Value] { storage.withLock { $0 } }
}
