@testable import MVI
import Foundation
import Testing

/// The package's one lock under contention: more threads than cores, so waiters sleep on the
/// futex and are woken; no increment may be lost and, under ThreadSanitizer, no race may be
/// reported (the hand-over goes through the lock word's atomics, which the sanitizer sees).
@Suite(.timeLimit(.minutes(5))) struct LockTests {
    /// A counter that is not itself thread-safe, guarded by a ``Lock`` beside it.
    final class Guarded: @unchecked Sendable {  // `count` is touched only under `lock`
        let lock = Lock()
        var count = 0
    }

    /// Runs `body` on `threads` threads at once, `times` times each, and waits for all.
    func hammer(threads: Int, times: Int, _ body: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            Thread {
                for _ in 0..<times { body() }
                group.leave()
            }.start()
        }
        group.wait()
    }

    @Test func eightThreadsLoseNoIncrement() {
        let guarded = Guarded()
        hammer(threads: 8, times: 50_000) {
            guarded.lock.withLock { guarded.count += 1 }
        }
        #expect(guarded.lock.withLock { guarded.count } == 400_000)
    }

    @Test func aStoreLockGuardsItsValueUnderContention() {
        final class Box: Sendable {
            let numbers = Locked<[Int]>([])
        }
        let box = Box()
        hammer(threads: 8, times: 5_000) {
            box.numbers.withLock { $0.append($0.count) }
        }
        let numbers = box.numbers.withLock { $0 }
        #expect(numbers == Array(0..<40_000))
    }

    @Test func aThrowingBodyLetsGoOfTheLock() {
        struct Failure: Error {}
        let guarded = Guarded()
        #expect(throws: Failure.self) {
            try guarded.lock.withLock { () throws(Failure) -> Void in throw Failure() }
        }
        #expect(guarded.lock.withLock { true })  // taken again: it was released
    }
}
