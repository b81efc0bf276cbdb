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
///
/// `accept` returns whether it took the side effect; one it refuses is offered to the next
/// listener or waits in the buffer, as if the handler were not there (the binder refuses
/// while stopped, so a side effect racing with `stop()` is never lost).
@usableFromInline
final class SideEffectHandler<SideEffect: Sendable>: Sendable {
    @usableFromInline let isActive = Atomic<Bool>(true)
    @usableFromInline let accept: @Sendable (SideEffect) -> Bool

    @usableFromInline
    init(_ handle: @escaping @Sendable (SideEffect) -> Void) {
        self.accept = { handle($0); return true }
    }

    @usableFromInline
    init(accepting accept: @escaping @Sendable (SideEffect) -> Bool) {
        self.accept = accept
    }
}

/// A state kept aside on the heap, for fields that are rarely set.
@usableFromInline
final class StateBox<State: Sendable>: Sendable {
    @usableFromInline let value: State

    @usableFromInline init(_ value: State) {
        self.value = value
    }
}
