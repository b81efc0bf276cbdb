#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif os(Windows)
import ucrt
#endif

/// The wall clock of recordings: nanoseconds since 1970-01-01 UTC, read once per input.
///
/// On Linux the coarse real-time clock: a read of the time the kernel keeps per tick
/// (precise to its tick, 1–4 ms), about a fifth of the cost of the precise clock, which is
/// a large share of a send. On Darwin the real-time clock (a commpage read); on Windows
/// `timespec_get`. Events are ordered by their sequence numbers, never by time.
///
/// The reading goes into a buffer the caller owns (its recorder's, touched only by one
/// draining thread), not into a local: a local whose address goes to C makes the compiler
/// guard the whole calling function's stack, which costs the send path more than the read.
@usableFromInline
struct RecordingClock {
    @usableFromInline var buffer = timespec()

    @inlinable init() {}

    @inlinable mutating func now() -> Int64 {
        #if os(Windows)
        _ = timespec_get(&buffer, TIME_UTC)
        #elseif os(Linux) || os(Android)
        _ = clock_gettime(CLOCK_REALTIME_COARSE, &buffer)
        #else
        _ = clock_gettime(CLOCK_REALTIME, &buffer)
        #endif
        return Int64(buffer.tv_sec) &* 1_000_000_000 &+ Int64(buffer.tv_nsec)
    }
}
