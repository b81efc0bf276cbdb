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

/// The wall clock of recordings: nanoseconds since 1970-01-01 UTC (`CLOCK_REALTIME`;
/// `timespec_get` on Windows). Read by ``RecordingSession/tick()``, not on the send path.
@usableFromInline
enum RecordingClock {
    static func now() -> Int64 {
        nanoseconds(monotonic: false)
    }

    /// A monotonic clock in nanoseconds (`CLOCK_MONOTONIC`; the wall clock on Windows), for
    /// timing intents: never 0, so that 0 can mean "not timing".
    @usableFromInline static func monotonicNow() -> Int64 {
        Swift.max(1, nanoseconds(monotonic: true))
    }

    /// `CLOCK_MONOTONIC` or `CLOCK_REALTIME` in nanoseconds (the wall clock either way on
    /// Windows).
    private static func nanoseconds(monotonic: Bool) -> Int64 {
        var time = timespec()
        #if os(Windows)
        _ = timespec_get(&time, TIME_UTC)
        #else
        _ = clock_gettime(monotonic ? CLOCK_MONOTONIC : CLOCK_REALTIME, &time)
        #endif
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}
