#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A number that names the calling thread while it runs: never 0 and never 1, which the
/// store's atomics use as markers ("nobody" and "cancelled").
@usableFromInline
enum ThreadIdentity {
    /// The calling thread's identity.
    @inlinable static var current: UInt {
        #if canImport(Darwin)
        // pthread_t is a pointer on Darwin; the running thread's is never null.
        UInt(bitPattern: pthread_self())
        #else
        // pthread_t is the address of the thread's control block: never 0 or 1.
        UInt(pthread_self())
        #endif
    }
}
