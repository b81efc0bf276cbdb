import MVI
import Synchronization

/// What the middleware keeps per store: its name, made once (a store without a given name
/// derives it from its feature's type, which is not free), and the last state logged, to
/// diff the next one against. Keyed by the store's identity; a store's entry goes when it is
/// cancelled (a store is cancelled before it goes away, so an identity is never reused while
/// its entry is kept).
final class PreviousStates<State: Sendable>: Sendable {
    struct Entry {
        var name: String?
        var state: State?
    }

    private let entries = StoreLock<[ObjectIdentifier: Entry]>([:])
    /// Whether any state is kept: lets the "state logging is off" path skip the lock.
    private let keeping = Atomic<Bool>(false)
    /// custom-dump's name of the state type, for the first line of a diff; made once.
    private let stateTypeName = StoreLock<String?>(nil)

    var isKeeping: Bool { keeping.load(ordering: .relaxed) }

    /// The store's name, made by `make` the first time only.
    func name(of store: ObjectIdentifier, _ make: () -> String) -> String {
        if let name = entries.withLock({ $0[store]?.name }) { return name }
        // Made outside the lock: a feature's default name is its own code.
        let name = make()
        entries.withLock { entries in
            entries[store, default: Entry(name: nil, state: nil)].name = name
        }
        return name
    }

    func set(_ state: State, for store: ObjectIdentifier) {
        entries.withLock { entries in
            entries[store, default: Entry(name: nil, state: nil)].state = state
            keeping.store(true, ordering: .relaxed)
        }
    }

    /// Keeps `state` and returns the one it replaces.
    func replace(with state: State, for store: ObjectIdentifier) -> State? {
        entries.withLock { entries in
            keeping.store(true, ordering: .relaxed)
            // In place: the kept state is moved out, not copied.
            func swapState(_ entry: inout Entry) -> State? {
                let before = entry.state
                entry.state = state
                return before
            }
            return swapState(&entries[store, default: Entry(name: nil, state: nil)])
        }
    }

    /// Forgets the kept state (state logging went off); the name stays.
    func dropState(of store: ObjectIdentifier) {
        entries.withLock { entries in
            entries[store]?.state = nil
            keeping.store(entries.values.contains { $0.state != nil }, ordering: .relaxed)
        }
    }

    /// Forgets the store (it was cancelled).
    func remove(_ store: ObjectIdentifier) {
        entries.withLock { entries in
            _ = entries.removeValue(forKey: store)
            keeping.store(entries.values.contains { $0.state != nil }, ordering: .relaxed)
        }
    }

    /// custom-dump's name of the state type (`Counter.State`), made once.
    func typeName(_ make: () -> String) -> String {
        if let name = stateTypeName.withLock({ $0 }) { return name }
        let name = make()
        stateTypeName.withLock { $0 = name }
        return name
    }
}
