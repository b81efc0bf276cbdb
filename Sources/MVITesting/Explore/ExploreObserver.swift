import MVI

/// The middleware of a store under `explore`: it checks the invariants on every change of
/// the state, and keeps what each step of the sequence did, for the invariants checked after
/// a step and for the test printed for a failure.
final class ExploreObserver<F: Feature>: Middleware, Sendable {
    typealias Target = F

    /// What the store did during a step.
    enum Event {
        case intent(F.Intent)
        case message(F.Message, before: F.State, after: F.State)
        case sideEffect(F.SideEffect)
        case failure(StoreError)
    }

    private struct Log {
        var state: F.State
        var pendingMessage: F.Message?
        /// The events of the step running now.
        var events: [Event] = []
        var sideEffects: [F.SideEffect] = []
        var failures: [StoreError] = []
        /// The first invariant broken, and how.
        var broken: String?
        var isDismissed = false
    }

    private let invariants: [Invariant<F>]
    private let log: Locked<Log>
    private let isDismissal: (@Sendable (F.Message) -> Bool)?

    init(initialState: F.State, invariants: [Invariant<F>]) {
        self.invariants = invariants
        log = Locked(Log(state: initialState))
        isDismissal = dismissalCheck(for: F.Message.self)
    }

    var observedEventKinds: Set<StoreEvent<F>.Kind> { [.intent, .message, .state, .sideEffect, .failure] }

    func handle(_ event: StoreEvent<F>, _ context: borrowing MiddlewareContext<F>) {
        log.withLock { log in
            switch event {
            case .intent(let intent): log.events.append(.intent(intent))
            case .message(let message):
                log.pendingMessage = message
                if let isDismissal, isDismissal(message) { log.isDismissed = true }
            case .state(let state):
                let before = log.state
                log.state = state
                guard let message = log.pendingMessage else { break }
                log.pendingMessage = nil
                log.events.append(.message(message, before: before, after: state))
                guard log.broken == nil else { break }
                let check = Invariant<F>.Check.change(before: before, after: state)
                if let invariant = invariants.first(where: { !$0.holds(check) }) { log.broken = invariant.name }
            case .sideEffect(let sideEffect):
                log.events.append(.sideEffect(sideEffect))
                log.sideEffects.append(sideEffect)
            case .failure(let failure):
                log.events.append(.failure(failure))
                log.failures.append(failure)
            default: break
            }
        }
    }

    /// The state after the latest change.
    var state: F.State { log.withLock { $0.state } }

    /// Whether the feature dismissed itself: in an app its parent removes it, so nothing more
    /// reaches it and the sequence ends.
    var isDismissed: Bool { log.withLock { $0.isDismissed } }

    /// Ends a step: its events, and the invariant broken by then, if any (those checked after
    /// a step are checked now).
    func endStep() -> (events: [Event], broken: String?) {
        log.withLock { log in
            defer { log.events.removeAll() }
            if log.broken == nil {
                let check = Invariant<F>.Check.step(
                    state: log.state, sideEffects: log.sideEffects, failures: log.failures)
                log.broken = invariants.first { !$0.holds(check) }?.name
            }
            return (log.events, log.broken)
        }
    }
}
