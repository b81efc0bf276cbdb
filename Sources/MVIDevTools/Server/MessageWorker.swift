#if DevTools
import Dispatch
import Synchronization

/// Where the pages' messages are parsed and carried out: queues of the debugger's own, off
/// Swift's concurrency pool. Parsing a large message (an imported recording, or megabytes of
/// small nested objects) takes a while and many times its size in memory; on the concurrency
/// pool, a few such messages at once held every one of its threads, and the app's own tasks
/// waited.
///
/// Large messages go through one serial queue, so that only one is parsed at a time (its
/// memory is the only such peak); small ones (controls, intents, pings) through a concurrent
/// queue, so that they never wait behind a large one of another page.
final class MessageWorker: Sendable {
    /// Messages of this many bytes or more are large.
    static let largeMessageBytes = 256 << 10

    private let large = DispatchQueue(label: "MVIDevTools.largeMessages", qos: .utility)
    private let small = DispatchQueue(label: "MVIDevTools.messages", qos: .userInitiated, attributes: .concurrent)

    /// Runs `work` for a message of `bytes` bytes on the queue for its size, and returns its result.
    ///
    /// The result travels through a mutex, not the continuation: the concurrency runtime orders
    /// a resume with atomics ThreadSanitizer does not see, so a task still suspending when the
    /// queue resumed it read the result with no order the sanitizer knew of (reported in the
    /// same pattern in a test's helper). The lock costs nothing next to parsing a message.
    func run<Result: Sendable>(bytes: Int, _ work: @escaping @Sendable () -> Result) async -> Result {
        let queue = bytes >= Self.largeMessageBytes ? large : small
        let handoff = Handoff<Result>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                let result = work()
                handoff.result.withLock { $0 = result }
                continuation.resume()
            }
        }
        // The queue stored the result before it resumed the continuation.
        return handoff.result.withLock { $0! }
    }
}

/// A result carried from a dispatch queue back to the awaiting task.
private final class Handoff<Result: Sendable>: Sendable {
    let result = Mutex<Result?>(nil)
}
#endif
