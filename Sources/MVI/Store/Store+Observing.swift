import Synchronization

extension Store {
    /// Calls `onState` with the current state, then with every new state, in order.
    ///
    /// The observer runs synchronously on the thread that processes the store's work; keep it
    /// short. It receives each state once and does not copy it.
    public func subscribe(_ onState: @escaping @Sendable (F.State) -> Void) -> Subscription {
        core.observe(StateObserver(onState: onState))
    }

    /// Calls `onChange` with the value at `keyPath` now, then whenever it changes.
    ///
    /// Use this when only part of the state matters: nothing is kept or compared but that part.
    ///
    /// Inlinable, like the other distinct subscriptions: the check runs on every state, for
    /// every such observer, and specialized for the state it reads the part at its offset
    /// (`StatePart`) and compares it without generic witnesses.
    @inlinable
    public func subscribe<Value: Equatable & Sendable>(
        to keyPath: any KeyPath<F.State, Value> & Sendable,
        _ onChange: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        let part = StatePart(keyPath)
        let filter = DistinctFilter<Value>()
        return subscribe { state in
            let value = part.read(state)
            if filter.isNew(value) { onChange(value) }
        }
    }

    /// The current state, then every new state, in order, as an async sequence.
    ///
    /// Each iteration is an observer of its own that buffers states it has not consumed yet.
    /// A buffered state shares storage with the live one, so a slow consumer makes the next
    /// change copy what it changes; use ``states(bufferingPolicy:)`` with `.bufferingNewest(1)`
    /// to keep only the latest, or ``states(of:bufferingPolicy:)`` to watch part of the state.
    public var states: AsyncStream<F.State> {
        states(bufferingPolicy: .unbounded)
    }

    /// The current state, then every new state, with the given buffering policy.
    public func states(
        bufferingPolicy: AsyncStream<F.State>.Continuation.BufferingPolicy
    ) -> AsyncStream<F.State> {
        let (stream, continuation) = AsyncStream.makeStream(of: F.State.self, bufferingPolicy: bufferingPolicy)
        let subscription = core.observe(
            StateObserver(
                onState: { continuation.yield($0) },
                onFinish: { continuation.finish() }))
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    /// The value at `keyPath` now, then each time it changes: distinct until changed.
    @inlinable
    public func states<Value: Equatable & Sendable>(
        of keyPath: any KeyPath<F.State, Value> & Sendable,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        let part = StatePart(keyPath)
        let filter = DistinctFilter<Value>()
        let subscription = core.observe(
            StateObserver(
                onState: { state in
                    let value = part.read(state)
                    if filter.isNew(value) { continuation.yield(value) }
                },
                onFinish: { continuation.finish() }))
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}

/// Remembers the last value an observer saw, to pass on only changes.
@usableFromInline
final class DistinctFilter<Value: Equatable>: @unchecked Sendable {
    // @unchecked: used only from observers, which the store calls on one draining
    // thread at a time, each drain ordered after the previous one by the store's lock.
    // Unchecked exclusivity for the same reason: one observer at a time, none re-entrant.
    @exclusivity(unchecked) @usableFromInline var last: Value?

    @usableFromInline init() {}

    @inlinable func isNew(_ value: Value) -> Bool {
        if let last, last == value { return false }
        last = value
        return true
    }
}
