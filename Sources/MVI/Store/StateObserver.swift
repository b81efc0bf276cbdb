/// A registered state callback, called only by the draining thread, through its gate: once
/// its subscription's `cancel()` returns, it is never called again.
@usableFromInline
final class StateObserver<State: Sendable>: CallbackGate, @unchecked Sendable {  // adds only `let` closures
    @usableFromInline let onState: @Sendable (State) -> Void
    /// Called when the store ends, so streams built on observers can finish.
    @usableFromInline let onFinish: (@Sendable () -> Void)?

    @usableFromInline
    init(onState: @escaping @Sendable (State) -> Void, onFinish: (@Sendable () -> Void)?) {
        self.onState = onState
        self.onFinish = onFinish
    }

    /// Tells the observer the store ended, unless its subscription was cancelled first.
    func finish() {
        guard let onFinish else { return }
        let me = ThreadIdentity.current
        guard enter(as: me) else { return }
        close(as: me)  // for good: nothing is delivered after the end
        onFinish()
    }
}
