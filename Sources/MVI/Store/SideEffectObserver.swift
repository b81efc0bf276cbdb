/// A registered side-effect observer, called only by the draining thread, through its gate.
///
/// `accept` returns whether it took the side effect; one it refuses is offered to the next
/// observer or waits in the buffer, as if the observer were not there (the binder refuses
/// while stopped, so a side effect racing with `stop()` is never lost). A cancelled observer
/// refuses everything.
@usableFromInline
final class SideEffectObserver<SideEffect: Sendable>: ObserverGate, @unchecked Sendable {  // adds one `let` closure
    @usableFromInline let accept: @Sendable (SideEffect) -> Bool

    @usableFromInline
    init(_ handle: @escaping @Sendable (SideEffect) -> Void) {
        self.accept = {
            handle($0); return true
        }
    }

    @usableFromInline
    init(accepting accept: @escaping @Sendable (SideEffect) -> Bool) {
        self.accept = accept
    }

    /// Offers a side effect on thread `thread`: whether the observer took it.
    @inlinable func offer(_ sideEffect: SideEffect, as thread: UInt) -> Bool {
        call(as: thread) { accept(sideEffect) } ?? false
    }
}
