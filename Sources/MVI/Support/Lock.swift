import Synchronization

#if os(Linux)
internal import _MVIFutex
#endif

/// The one lock of swift-mvi: every lock in the package is this type, or ``Locked``, which
/// is built on it. Stored inline (no allocation), a compare-and-swap to take it when free.
///
/// On Linux it is a three-state word (free, locked, locked with sleepers) over a plain
/// futex, as in Drepper's "Futexes Are Tricky":
/// - ThreadSanitizer sees it. Every hand-over goes through an atomic operation on the word
///   with acquire or release ordering, compiled into this module, so a sanitized build
///   instruments it. `Synchronization.Mutex` hands over through the kernel (a
///   priority-inheritance futex), which the sanitizer cannot see: it reports races that are
///   not there.
/// - It holds up when there are more threads than cores. A waiter spins briefly, then
///   sleeps on the futex; an unlock wakes one sleeper only if there is one. The
///   priority-inheritance futex behind `Mutex` collapses there (over 20 times slower with 8
///   threads sending to one store on 2 cores).
///
/// Elsewhere it is `Mutex` (an `os_unfair_lock` on Apple platforms, which the sanitizer
/// understands).
@usableFromInline
package struct Lock: ~Copyable, Sendable {
    #if os(Linux)
    /// 0: free. 1: locked, nobody sleeps. 2: locked, someone may sleep on the futex.
    @usableFromInline let word = Atomic<UInt32>(0)
    #else
    @usableFromInline let mutex = Mutex<Void>(())
    #endif

    /// A free lock.
    @inlinable package init() {}

    /// Runs `body` holding the lock.
    @inlinable @inline(__always)
    package borrowing func withLock<Result: Sendable, E: Error>(_ body: () throws(E) -> Result) throws(E) -> Result {
        #if os(Linux)
        lock()
        defer { unlock() }
        return try body()
        #else
        return try mutex.withLock { (_: inout Void) throws(E) -> Result in try body() }
        #endif
    }

    /// Runs `body` holding the lock if it is free now; returns `nil` at once, without running
    /// `body`, if another thread holds it (or this one: the lock is not recursive).
    @inlinable
    package borrowing func withLockIfAvailable<Result: Sendable, E: Error>(
        _ body: () throws(E) -> Result
    ) throws(E) -> Result? {
        #if os(Linux)
        guard word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged else { return nil }
        defer { unlock() }
        return try body()
        #else
        return try mutex.withLockIfAvailable { (_: inout Void) throws(E) -> Result in try body() }
        #endif
    }

    #if os(Linux)
    @inlinable @inline(__always) borrowing func lock() {
        if _fastPath(word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged) { return }
        lockContended()
    }

    @inlinable @inline(__always) borrowing func unlock() {
        // Whoever marked the word 2 may be asleep: wake one. A spurious wake costs a
        // system call, never correctness.
        if _slowPath(word.exchange(0, ordering: .releasing) == 2) { wakeOne() }
    }

    /// How often a waiter looks at the word before it sleeps. The holder usually runs on
    /// another core and is about to let go; sleeping at once would cost two system calls.
    @usableFromInline static var spins: Int { 64 }

    @usableFromInline borrowing func lockContended() {
        for _ in 0..<Self.spins {
            if word.load(ordering: .relaxed) == 0,
                word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
        }
        // From here on the word says "someone may sleep": whoever takes it as 2 keeps it 2,
        // so that its unlock wakes the next sleeper.
        while word.exchange(2, ordering: .acquiring) != 0 {
            withWordAddress { mvi_futex_wait($0, 2) }
        }
    }

    @usableFromInline borrowing func wakeOne() {
        withWordAddress { mvi_futex_wake_one($0) }
    }

    /// The word's address, for the kernel. `Atomic` is never copied or moved (it is
    /// non-copyable and laid out in place), so a borrow of it is the word itself.
    borrowing func withWordAddress(_ body: (UnsafeMutablePointer<UInt32>) -> Void) {
        withUnsafePointer(to: word) { atomic in
            body(UnsafeMutableRawPointer(mutating: atomic).assumingMemoryBound(to: UInt32.self))
        }
    }
    #endif
}
