import MVI

/// A value that async work waits for, handed over by the test: no sleeping.
package final class Gate<Value: Sendable>: Sendable {
    private let state = Locked<(value: Value?, waiters: [CheckedContinuation<Value, Never>])>((nil, []))

    package init() {}

    /// Waits until the gate opens, and returns its value: at once if it is open.
    package func wait() async -> Value {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                if let value = state.value {
                    continuation.resume(returning: value)
                } else {
                    state.waiters.append(continuation)
                }
            }
        }
    }

    /// Opens the gate with `value`: every waiter, present and future, gets it.
    package func open(_ value: Value) {
        let waiters = state.withLock { state in
            state.value = value
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }
}

extension Gate where Value == Void {
    /// Opens the gate.
    package func open() { open(()) }
}
