#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An error a storage throws when it refuses to write over something it could not read: the
/// saver does not retry it by the clock, only when a newer value comes or the storage reports
/// a change (``SharedStorage/subscribe(_:onError:)``).
package protocol SharedStorageRefusal: Error {
    /// Whether this error is such a refusal.
    var refusesSaving: Bool { get }
}

/// A write succeeded after failed attempts: reported once through the shared value's error
/// handler, so that whoever read the failures learns they are over.
struct SharedSaveRecovered: Error, CustomStringConvertible {
    /// The failed attempts before the write that succeeded.
    let failedAttempts: Int

    var description: String {
        "saved again after \(failedAttempts) failed attempt\(failedAttempts == 1 ? "" : "s")"
    }
}

/// The saves of one ``Shared`` value, off the threads that change it: the state machine
/// (``SharedSaverMachine``) under a lock, writes on a thread of their own (a storage blocks:
/// a disk, a database another process has locked), retries on a timer task.
final class SharedSaver<Value: Sendable>: Sendable {
    private struct State: Sendable {
        var machine = SharedSaverMachine<Value>()
        var continuations: [Int: CheckedContinuation<Void, any Error>] = [:]
        var nextWaiter = 0
    }

    private let storage: any SharedStorage<Value>
    private let onError: @Sendable (any Error) -> Void
    private let state = Locked(State())

    init(storage: any SharedStorage<Value>, onError: @escaping @Sendable (any Error) -> Void) {
        self.storage = storage
        self.onError = onError
    }

    /// A local change at `version` wants saving.
    func request(_ value: Value, version: UInt64) {
        perform(state.withLock { $0.machine.request(value, version: version) })
    }

    /// The shared value took `value` (at `version`) from the storage.
    func external(_ value: Value, version: UInt64) {
        finish(state.withLock { $0.machine.external(value, version: version) })
    }

    /// The storage reported something: a refused value is tried again.
    func storageChanged() {
        perform(state.withLock { $0.machine.storageChanged() })
    }

    /// Writes now what is not written up to `version` and waits until it is; throws the
    /// failure of the attempt it waited for.
    func save(upTo version: UInt64) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let action = state.withLock { state -> SharedSaverMachine<Value>.Action?? in
                let id = state.nextWaiter
                state.nextWaiter += 1
                let (done, action) = state.machine.saveNow(id: id, version: version)
                if done { return nil }
                state.continuations[id] = continuation
                return .some(action)
            }
            guard let action else { return continuation.resume() }
            perform(action)
        }
    }

    /// The newest version the storage holds.
    var settled: UInt64 { state.withLock { $0.machine.settled } }

    // MARK: Acting

    private func perform(_ action: SharedSaverMachine<Value>.Action?) {
        switch action {
        case nil: return
        case .write(let value, let version):
            detachThread { [self] in write(value, version: version) }
        case .retry(let delay, let generation):
            Task { [self] in
                try? await Task.sleep(for: delay)
                perform(state.withLock { $0.machine.timerFired(generation) })
            }
        }
    }

    /// Writes on this thread until nothing newer waits.
    private func write(_ first: Value, version firstVersion: UInt64) {
        var next: (Value, UInt64)? = (first, firstVersion)
        while let (value, version) = next {
            next = nil
            var failure: (any Error)?
            do {
                try storage.save(value)
            } catch {
                failure = error
            }
            let refused = (failure as? any SharedStorageRefusal)?.refusesSaving ?? false
            let error = failure
            var outcome = state.withLock { $0.machine.finished(version: version, error: error, refused: refused) }
            if case .write(let value, let version) = outcome.action {
                // Written on this thread, next.
                next = (value, version)
                outcome.action = nil
            }
            finish(outcome)
        }
    }

    private func finish(_ outcome: SharedSaverMachine<Value>.Outcome) {
        if let report = outcome.report { onError(report) }
        if let failedAttempts = outcome.recoveredAfter { onError(SharedSaveRecovered(failedAttempts: failedAttempts)) }
        if !outcome.resumed.isEmpty {
            let ids = outcome.resumed.map(\.id)
            let continuations = state.withLock { state in ids.map { state.continuations.removeValue(forKey: $0) } }
            for (continuation, resumed) in zip(continuations, outcome.resumed) {
                if let error = resumed.error { continuation?.resume(throwing: error) } else { continuation?.resume() }
            }
        }
        if let action = outcome.action { perform(action) }
    }
}

/// Runs `body` on a new detached thread: a storage's write may block for seconds, which it
/// must not do on the cooperative pool (two threads on a two-core machine).
package func detachThread(_ body: @escaping @Sendable () -> Void) {
    final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let created = pthread_create(
        &thread, nil,
        { raw in
            // `raw` is the box passed below, retained once for this thread.
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
    guard created == 0 else {
        // No thread to be had: run here rather than lose the write.
        Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        return
    }
    #if canImport(Darwin)
    if let thread { pthread_detach(thread) }
    #else
    pthread_detach(thread)
    #endif
}
