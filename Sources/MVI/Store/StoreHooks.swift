import Synchronization

/// Hooks into a store for debugging tools: time travel holds live input, shows past
/// states, then resumes. Holds the store weakly; every call on a released store does nothing.
///
/// While input is held, intents sent by views and messages and side effects from async
/// work wait, in order; they are neither lost nor applied. Async work that dispatches waits
/// with them. ``resumeInput()`` applies them, in the order they arrived.
package struct StoreHooks<F: Feature>: Sendable {
    weak let core: StoreCore<F>?

    init(core: StoreCore<F>) {
        self.core = core
    }

    /// The store's name, or `nil` if it was released.
    package var storeName: String? { core?.name }

    /// Whether the store still exists and has not been cancelled.
    package var isAlive: Bool {
        guard let core else { return false }
        return !core.isCancelled
    }

    /// The store's current state, or `nil` if it was released.
    package var state: F.State? { core?.state }

    /// Whether live input is being held.
    package var isHoldingInput: Bool {
        core?.isHolding ?? false
    }

    /// How many inputs (intents, and messages and side effects of async work) wait to be
    /// applied while input is held.
    package var heldInputCount: Int {
        core?.heldInputCount ?? 0
    }

    /// Holds live input from now on. Input already queued is held too.
    package func holdInput() {
        core?.holdInput()
    }

    /// Shows `state` to the store's observers, as if it were the current state. Middleware
    /// does not see it: it is not a change the feature made. The store's own state is kept
    /// aside (by the first `show`) and comes back on ``resumeInput()``.
    package func show(_ state: F.State) {
        core?.submit(.show(state))
    }

    /// Stops holding input: the store's own state comes back if another one was shown
    /// (observers see it), then what was held is applied, in the order it arrived. Both
    /// happen in order on the store's processing thread, after any work in progress, so a
    /// change the store made while the other state was being shown is not lost.
    package func resumeInput() {
        core?.resumeInput()
    }
}
