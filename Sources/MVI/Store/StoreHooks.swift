import Synchronization

/// Hooks into a store for debugging tools: time travel holds live input, shows recorded
/// states, then resumes. Holds the store weakly; every call on a released store does nothing.
///
/// While input is held, intents sent by views and messages and side effects from async
/// work wait, in order; they are neither lost nor applied. Async work that dispatches waits
/// with them. ``resumeInput()`` applies them, in the order they arrived.
public struct StoreHooks<F: Feature>: Sendable {
    weak let core: StoreCore<F>?

    init(core: StoreCore<F>) {
        self.core = core
    }

    /// The store's name, or `nil` if it was released.
    public var storeName: String? { core?.name }

    /// Whether the store still exists and has not been cancelled.
    public var isAlive: Bool {
        guard let core else { return false }
        return !core.isCancelled
    }

    /// The store's current state, or `nil` if it was released.
    public var state: F.State? { core?.state }

    /// Whether live input is being held.
    public var isHoldingInput: Bool {
        core?.control.withLock { $0.isHolding } ?? false
    }

    /// How many inputs (intents, and messages and side effects of async work) wait to be
    /// applied while input is held.
    public var heldInputCount: Int {
        core?.control.withLock { $0.held.count } ?? 0
    }

    /// Holds live input from now on. Input already queued is held too.
    public func holdInput() {
        core?.control.withLock { $0.holdInput() }
    }

    /// Shows `state` to the store's observers, as if it were the current state. Middleware
    /// does not see it: it is not a change the feature made. The store's own state is kept
    /// aside (by the first `show`) and comes back on ``resumeInput()``.
    public func show(_ state: F.State) {
        core?.submit(.show(state))
    }

    /// Stops holding input: the store's own state comes back if another one was shown
    /// (observers see it), then what was held is applied, in the order it arrived. Both
    /// happen in order on the store's processing thread, after any work in progress, so a
    /// change the store made while the other state was being shown is not lost.
    public func resumeInput() {
        guard let core else { return }
        let claimed = core.control.withLock { control -> Bool in
            guard control.isHolding else { return false }
            control.isHolding = false
            control.pending.append(.restore)
            control.releaseHeldInput()
            guard !control.isDraining, !control.isCancelled, !control.pending.isEmpty else { return false }
            control.isDraining = true
            return true
        }
        if claimed { core.drain() }
    }
}

/// What executing one intent away from the store did (``StoreHooks/executeDetached(_:from:)``).
package struct DetachedExecution<F: Feature>: Sendable {
    /// The messages the intent dispatched before `execute` returned, in order.
    package var messages: [F.Message] = []
    /// The side effects it posted before `execute` returned, in order.
    package var sideEffects: [F.SideEffect] = []
    /// The state after those messages.
    package var state: F.State
}

extension StoreHooks {
    /// Executes `intent` with the store's feature on a throwaway store that starts from
    /// `state`: no bootstrap, no middleware, not the store's observers. Reports what the
    /// intent did synchronously; async work it starts is cancelled at once, and intents it
    /// sends are not run. Time travel's "replay one event" uses it, so that a breakpoint in
    /// `execute` or `reduce` stops on a recorded input. `nil` if the store was released.
    package func executeDetached(_ intent: F.Intent, from state: F.State) -> DetachedExecution<F>? {
        guard let core else { return nil }
        let collected = DetachedCollector(DetachedExecution<F>(state: state))
        let collector = AnyMiddleware<F>(observing: [.message, .sideEffect]) { event, _ in
            switch event {
            case .message(let message): collected.lock.withLock { $0.messages.append(message) }
            case .sideEffect(let sideEffect): collected.lock.withLock { $0.sideEffects.append(sideEffect) }
            default: break
            }
        }
        let sandbox = StoreCore(
            feature: core.feature, initialState: state, name: "\(core.name) (detached)",
            middleware: [collector], sideEffects: .dropOldest(capacity: 1), errorHandler: StoreErrorHandler { _ in })
        // Started without its bootstrap: only the intent runs.
        // Nobody else can reach the sandbox: it is claimed for this thread at once.
        sandbox.control.withLock { control in
            control.isStarted = true
            control.isDraining = true
            control.isHolding = true  // what the intent sends or its work dispatches waits, and is dropped
        }
        sandbox.execute(intent)
        sandbox.control.withLock { $0.isDraining = false }
        let after = sandbox.state
        sandbox.cancel()
        return collected.lock.withLock { execution in
            execution.state = after
            return execution
        }
    }
}

/// What the detached execution's middleware collects, behind a lock (it is `Sendable`).
private final class DetachedCollector<F: Feature>: Sendable {
    let lock: StoreLock<DetachedExecution<F>>
    init(_ initial: DetachedExecution<F>) { lock = StoreLock(initial) }
}
