import Synchronization

/// A registered state callback. Called only by the draining thread; `isActive` lets a
/// cancellation take effect at once even though the removal itself is queued.
@usableFromInline
final class StateObserver<State: Sendable>: Sendable {
    @usableFromInline let isActive = Atomic<Bool>(true)
    @usableFromInline let onState: @Sendable (State) -> Void
    /// Called when the store ends, so streams built on observers can finish.
    @usableFromInline let onFinish: (@Sendable () -> Void)?

    @usableFromInline
    init(onState: @escaping @Sendable (State) -> Void, onFinish: (@Sendable () -> Void)?) {
        self.onState = onState
        self.onFinish = onFinish
    }
}

/// A registered side-effect callback, called only by the draining thread.
@usableFromInline
final class SideEffectHandler<SideEffect: Sendable>: Sendable {
    @usableFromInline let isActive = Atomic<Bool>(true)
    @usableFromInline let handle: @Sendable (SideEffect) -> Void

    @usableFromInline
    init(_ handle: @escaping @Sendable (SideEffect) -> Void) {
        self.handle = handle
    }
}
