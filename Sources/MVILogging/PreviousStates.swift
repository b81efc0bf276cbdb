import MVI
import Synchronization

/// The last state logged for each store, to diff the next one against.
final class PreviousStates<State: Sendable>: Sendable {
    private let states = StoreLock<[String: State]>([:])
    /// Whether any state is kept: lets the "state logging is off" path skip the lock.
    private let keeping = Atomic<Bool>(false)

    var isKeeping: Bool { keeping.load(ordering: .relaxed) }

    func set(_ state: State, for name: String) {
        states.withLock { states in
            states[name] = state
            keeping.store(true, ordering: .relaxed)
        }
    }

    /// Keeps `state` and returns the one it replaces.
    func replace(with state: State, for name: String) -> State? {
        states.withLock { states in
            keeping.store(true, ordering: .relaxed)
            return states.updateValue(state, forKey: name)
        }
    }

    func remove(_ name: String) {
        states.withLock { states in
            _ = states.removeValue(forKey: name)
            keeping.store(!states.isEmpty, ordering: .relaxed)
        }
    }
}
