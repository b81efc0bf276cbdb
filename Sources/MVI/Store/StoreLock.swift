#if MVI_PTHREAD_LOCK
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#else
import Synchronization
#endif

/// The lock of a store: a value that only one thread at a time may read or change.
///
/// Normally `Synchronization.Mutex`: stored inline, no allocation, a compare-and-swap when
/// uncontended. On Linux, ThreadSanitizer cannot see the futex path `Mutex` takes under
/// contention and reports races that are not there (the counts stay exact), so the sanitizer
/// build (`-D MVI_PTHREAD_LOCK`, set by `MVI_CORE_ONLY=1` in Package.swift) uses a pthread
/// mutex instead, which ThreadSanitizer understands. The code under the lock is the same.
@usableFromInline
package struct StoreLock<Value: Sendable>: ~Copyable, Sendable {
    #if MVI_PTHREAD_LOCK
    // nonisolated(unsafe): the pointers never change, and what they point to is touched
    // only between pthread_mutex_lock and pthread_mutex_unlock.
    @usableFromInline nonisolated(unsafe) let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline nonisolated(unsafe) let value: UnsafeMutablePointer<Value>

    @usableFromInline package init(_ initialValue: Value) {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    @inlinable package borrowing func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
    #else
    @usableFromInline let mutex: Mutex<Value>

    @usableFromInline package init(_ initialValue: Value) {
        mutex = Mutex(initialValue)
    }

    @inlinable package borrowing func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in try body(&value) }
    }
    #endif
}
