import Observation

/// One part of the state that an observer read through a key path: its own observable
/// version, bumped only when that part changes.
@MainActor
final class TrackedPart<F: Feature>: Observable {
    private let registrar = ObservationRegistrar()
    private(set) var version = 0
    /// Whether the part differs between two states.
    let changed: (F.State, F.State) -> Bool

    init<Value: Equatable>(_ keyPath: KeyPath<F.State, Value>) {
        changed = { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
    }

    /// Makes the observer being tracked depend on this part.
    func access() {
        registrar.access(self, keyPath: \.version)
    }

    func bump() {
        registrar.withMutation(of: self, keyPath: \.version) { version += 1 }
    }
}
