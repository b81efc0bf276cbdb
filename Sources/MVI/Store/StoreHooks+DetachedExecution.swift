import Synchronization

extension StoreHooks {
    /// Executes `intent` with the store's feature on a throwaway store that starts from
    /// `state`, in the store's environment: no bootstrap, no middleware, not the store's observers. Reports what the
    /// intent did synchronously; async work it starts is cancelled at once, and intents it
    /// sends are not run. Time travel's "replay one event" uses it, so that a breakpoint in
    /// `execute` or `reduce` stops on an input from the timeline. `nil` if the store was released.
    package func executeDetached(_ intent: F.Intent, from state: F.State) -> DetachedExecution<F>? {
        guard let core else { return nil }
        let collected = Locked(DetachedExecution<F>(state: state))
        let collector = AnyMiddleware<F>(observing: [.message, .sideEffect]) { event, _ in
            switch event {
            case .message(let message): collected.withLock { $0.messages.append(message) }
            case .sideEffect(let sideEffect): collected.withLock { $0.sideEffects.append(sideEffect) }
            default: break
            }
        }
        let sandbox = StoreCore(
            feature: core.feature, initialState: state, name: "\(core.name) (detached)",
            middleware: [collector], sideEffects: .dropOldest(capacity: 1), errorHandler: StoreErrorHandler { _ in },
            pendingInputLimit: nil, environment: core.settings?.environment)
        sandbox.executeDetached(intent)
        let after = sandbox.state
        sandbox.cancel()
        return collected.withLock { execution in
            execution.state = after
            return execution
        }
    }
}

extension StoreHooks {
    /// The store's feature and the environment it was given (before time travel bound the
    /// store's dependency calls into it: a store made from them gets its own): what a
    /// rerun makes a fresh store of. `nil` if the store was released.
    package var featureAndEnvironment: (feature: F, environment: (any ExecutionEnvironment)?)? {
        guard let core else { return nil }
        return (core.feature, core.settings?.environment)
    }
}
