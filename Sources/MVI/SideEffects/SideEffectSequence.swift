import Synchronization

/// The side effects of a store, as an async sequence. See ``Store/sideEffects``.
public struct SideEffectSequence<F: Feature>: AsyncSequence, Sendable {
    /// Each element is one side effect.
    public typealias Element = F.SideEffect
    /// Iteration never throws.
    public typealias Failure = Never

    let core: StoreCore<F>

    /// Starts an iteration. Under the broadcast policy it starts listening now.
    public func makeAsyncIterator() -> AsyncIterator {
        let registration = core.policy.delivery == .broadcast ? BroadcastObserverRegistration(core: core) : nil
        return AsyncIterator(core: core, registration: registration)
    }

    /// Iterates over side effects.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let core: StoreCore<F>
        let registration: BroadcastObserverRegistration<F>?

        /// The next side effect, or `nil` once the store has ended and nothing waits.
        public mutating func next() async -> F.SideEffect? {
            if let registration {
                return await core.nextBroadcast(observer: registration.id)
            }
            return await core.nextSideEffect()
        }
    }
}
