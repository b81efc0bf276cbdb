import MVI

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Store {
    /// The number of tasks still running after letting work that is about to end finish.
    ///
    /// For `deinit`, which cannot suspend: when the last `receive` of a test returns, the work
    /// that dispatched its message may still be returning. This gives it up to `grace` of
    /// real time, yielding the thread, and stops as soon as the count reaches zero. Work that
    /// really is still running costs the whole grace period, on the failure path only.
    func runningTaskCount(afterGrace grace: Duration) -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: grace)
        var running = runningTaskCount
        while running > 0 && clock.now < deadline {
            yieldThread()
            running = runningTaskCount
        }
        return running
    }
}

/// Gives the processor to another thread.
private func yieldThread() {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    sched_yield()
    #endif
}
