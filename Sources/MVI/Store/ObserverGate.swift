#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import Synchronization

/// Lets a store call an observer while guaranteeing that once
/// ``Subscription/cancel()`` returns, the observer never runs again.
///
/// The gate is one atomic word: `idle`, `cancelled`, or the identity of the thread calling
/// the observer right now. The store enters before each call and leaves after it; `cancel`
/// closes an idle gate at once, closes it from inside the observer (an observer that cancels
/// its own subscription), and otherwise waits for the call in progress on another thread to
/// return. That wait is the price of the guarantee: it lasts one observer at most.
/// Observers and side-effect observers are gates themselves (subclasses), so a subscription
/// allocates one object, not two.
@usableFromInline
class ObserverGate: @unchecked Sendable {  // non-final; its one stored property is an atomic
    @usableFromInline static let idle: UInt = 0
    @usableFromInline static let cancelled: UInt = 1

    @usableFromInline let word = Atomic<UInt>(ObserverGate.idle)

    @usableFromInline init() {}

    /// Whether the gate is still open (not cancelled). A hint only: ``enter(as:)`` decides.
    @inlinable var isOpen: Bool { word.load(ordering: .relaxed) != Self.cancelled }

    /// Claims the gate for a call on thread `thread`; `false` once cancelled.
    @inlinable func enter(as thread: UInt) -> Bool {
        word.compareExchange(expected: Self.idle, desired: thread, ordering: .acquiring).exchanged
    }

    /// Ends the call that ``enter(as:)`` began. If the observer cancelled its own
    /// subscription meanwhile, the gate stays cancelled.
    @inlinable func leave(as thread: UInt) {
        // No compare-and-swap needed: while the word holds this thread's identity, only this
        // thread changes it (another thread's `cancel` waits; this thread's own `cancel`,
        // from inside the observer, sets `cancelled`, which must stay).
        if word.load(ordering: .relaxed) == thread {
            word.store(Self.idle, ordering: .releasing)
        }
    }

    /// Closes the gate that ``enter(as:)`` claimed, instead of leaving it open.
    func close(as thread: UInt) {
        _ = word.compareExchange(expected: thread, desired: Self.cancelled, ordering: .releasing)
    }

    /// Runs once, on the thread whose ``cancel()`` closed the gate (never when the store
    /// closed it, in ``close(as:)``): a subclass tells its store to let go of it here.
    @usableFromInline func didClose() {}

    /// Closes the gate: no call starts after this returns, and none is still running on
    /// another thread.
    func cancel() {
        let me = ThreadIdentity.current
        var current = word.load(ordering: .acquiring)
        while current != Self.cancelled {
            if current == Self.idle || current == me {
                let (exchanged, found) = word.compareExchange(
                    expected: current, desired: Self.cancelled, ordering: .acquiringAndReleasing)
                if exchanged {
                    didClose()
                    return
                }
                current = found
            } else {
                // Another thread is inside the observer: wait for it to leave.
                Self.pause()
                current = word.load(ordering: .acquiring)
            }
        }
    }

    /// Calls `body` through the gate on the current thread; `nil` if the gate is closed.
    @inlinable func call<Result>(as thread: UInt, _ body: () -> Result) -> Result? {
        guard enter(as: thread) else { return nil }
        defer { leave(as: thread) }
        return body()
    }

    static func pause() {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        sched_yield()
        #endif
    }
}
