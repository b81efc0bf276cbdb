import Foundation
import MVI

/// Threads of the system's own, started together, that a test can wait for without blocking
/// its task: stress tests need threads the cooperative pool does not schedule.
package final class Threads: Sendable {
    private let finished = Gate<Void>()

    private init() {}

    /// Starts `count` threads, each running `body` with its index (`0..<count`).
    ///
    /// - Returns: the group, to ``join()`` once the work is expected to end.
    package static func start(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Threads {
        let threads = Threads()
        let left = Locked(count)
        for index in 0..<count {
            Thread.detachNewThread {
                body(index)
                let last = left.withLock { left in
                    left -= 1
                    return left == 0
                }
                if last { threads.finished.open() }
            }
        }
        if count == 0 { threads.finished.open() }
        return threads
    }

    /// Waits until every thread of the group has returned from its body.
    package func join() async { await finished.wait() }
}
