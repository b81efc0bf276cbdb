import MVI
import Synchronization

/// What the middleware keeps per store: its name, made once (a store without a given name
/// derives it from its feature's type, which is not free), and the last state logged, to
/// diff the next one against. Keyed by the store's identity; a store's entries go when it is
/// cancelled (a store is cancelled before it goes away, so an identity is never reused while
/// its entries are kept).
///
/// Only the states are kept in a dictionary whose type depends on `State`: the names, the
/// state type's name and layout are in ones whose types are known when compiled (this code
/// runs unspecialized, and every use of a generic type looks its metadata up).
final class PreviousStates<State: Sendable>: Sendable {
    private let names = Locked<[ObjectIdentifier: String]>([:])
    private let states = Locked<[ObjectIdentifier: State]>([:])
    /// Whether any state is kept: lets the "state logging is off" path skip the lock.
    private let keeping = Atomic<Bool>(false)
    /// custom-dump's name of the state type, for the first line of a diff; made once.
    private let stateTypeName = Locked<String?>(nil)
    /// The state type's layout for diffs; learnt once.
    private let stateLayout = Locked<LayoutSlot>(.unknown)

    /// What is known of the state type's layout.
    enum LayoutSlot {
        case unknown
        case known(StateLayout?)
    }

    var isKeeping: Bool { keeping.load(ordering: .relaxed) }

    /// The store's name, made by `make` the first time only.
    func name(of store: ObjectIdentifier, _ make: () -> String) -> String {
        if let name = names.withLock({ $0[store] }) { return name }
        // Made outside the lock: a feature's default name is its own code.
        let name = make()
        names.withLock { $0[store] = name }
        return name
    }

    func set(_ state: State, for store: ObjectIdentifier) {
        states.withLock { states in
            states[store] = state
            keeping.store(true, ordering: .relaxed)
        }
    }

    /// Keeps `state` and returns the one it replaces.
    func replace(with state: State, for store: ObjectIdentifier) -> State? {
        states.withLock { states in
            keeping.store(true, ordering: .relaxed)
            // In place: the kept state is moved out, not copied.
            return states.updateValue(state, forKey: store)
        }
    }

    /// Forgets the kept state (state logging went off); the name stays.
    func dropState(of store: ObjectIdentifier) {
        states.withLock { states in
            states[store] = nil
            keeping.store(!states.isEmpty, ordering: .relaxed)
        }
    }

    /// Forgets the store (it was cancelled).
    func remove(_ store: ObjectIdentifier) {
        names.withLock { _ = $0.removeValue(forKey: store) }
        states.withLock { states in
            _ = states.removeValue(forKey: store)
            keeping.store(!states.isEmpty, ordering: .relaxed)
        }
    }

    /// custom-dump's name of the state type (`Counter.State`), made once.
    func typeName(_ make: () -> String) -> String {
        if let name = stateTypeName.withLock({ $0 }) { return name }
        let name = make()
        stateTypeName.withLock { $0 = name }
        return name
    }

    /// The state type's layout for diffs, learnt the first time.
    var layout: StateLayout? {
        if case .known(let layout) = stateLayout.withLock({ $0 }) { return layout }
        let layout = StateLayout.make(of: State.self)
        stateLayout.withLock { $0 = .known(layout) }
        return layout
    }
}
