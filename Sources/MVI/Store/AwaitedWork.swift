/// An intent queued by ``Store/sendAwaitingWork(_:)``, with what collects the work its
/// `execute` starts.
@usableFromInline
final class AwaitedIntent<F: Feature>: Sendable {
    @usableFromInline let intent: F.Intent
    @usableFromInline let work: AwaitedWork

    init(_ intent: F.Intent, work: AwaitedWork) {
        self.intent = intent
        self.work = work
    }
}

/// The async work one intent's `execute` started, and the sender waiting for it: filled on
/// the draining thread while the intent executes, then handed to the sender once `execute`
/// returned (or the intent was dropped, with no work).
@usableFromInline
final class AwaitedWork: @unchecked Sendable {  // `state` is touched only under `lock`
    private struct State {
        var started: [(token: Int, task: WorkTask)] = []
        var isExecuted = false
        // Unsafe, not checked (whose canary is an allocation per send): resumed exactly once,
        // by `executed()`, which takes it out under the lock, or at once if already executed.
        var sender: UnsafeContinuation<[(token: Int, task: WorkTask)], Never>?
    }

    /// Guards `state`. A ``Lock`` beside the field rather than a ``Locked``, which would
    /// allocate the state apart, a second allocation per awaited send (budgets.tsv:
    /// effect-awaited).
    private let lock = Lock()
    /// Only under `lock`.
    // Unchecked exclusivity: every access holds `lock`, which is stronger than the dynamic
    // check (as in ``Locked``).
    @exclusivity(unchecked) private var state = State()

    init() {}

    /// Notes work that the intent's `execute` started (the draining thread, during it).
    @usableFromInline func started(_ task: WorkTask, token: Int) {
        lock.withLock { state.started.append((token, task)) }
    }

    /// The intent's `execute` returned, or the intent will never run: the sender may wait for
    /// what was started.
    @usableFromInline func executed() {
        let (sender, started) = lock.withLock {
            state.isExecuted = true
            defer { state.sender = nil }
            return (state.sender, state.started)
        }
        sender?.resume(returning: started)
    }

    /// Waits until the intent has executed, then until each work it started has ended;
    /// cancelling the waiting task cancels that work, through `cancel`.
    func wait(cancelling cancel: @escaping @Sendable (Set<Int>) -> Void) async {
        let started = await withUnsafeContinuation { continuation in
            let ready: [(token: Int, task: WorkTask)]? = lock.withLock {
                guard state.isExecuted else {
                    state.sender = continuation
                    return nil
                }
                return state.started
            }
            if let ready { continuation.resume(returning: ready) }
        }
        guard !started.isEmpty else { return }
        await withTaskCancellationHandler {
            for work in started { _ = await work.task.result }
        } onCancel: {
            // Made only if the wait is cancelled, so that an awaited send does not allocate
            // it (budgets.tsv: effect-awaited).
            cancel(Set(started.map(\.token)))
        }
    }
}

/// The wait of an awaited send: for its intent to execute, then for the work it started.
struct AwaitedSend: Sendable {
    let work: AwaitedWork
    let cancel: @Sendable (Set<Int>) -> Void

    func wait() async { await work.wait(cancelling: cancel) }
}
