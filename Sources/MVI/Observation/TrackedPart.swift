import Observation

/// A counter that Observation watches: reading it makes the observer being tracked depend on
/// it, bumping it invalidates that observer.
///
/// Not generic, so that `\ObservedVersion.value` is a key path the runtime makes once: in a
/// generic class, `\.version` was instantiated (demangled, its generic arguments resolved)
/// on every access and every mutation, each dearer than a whole send (budgets.tsv:
/// observable-send).
@MainActor
@usableFromInline
final class ObservedVersion: Observable {
    // Inlinable, as the send path that bumps it (`ObservableStore.showLatest`): called, each
    // bump cost a call and a closure for `around` even with nothing to run in it
    // (budgets.tsv: observable-send).
    @usableFromInline let registrar = ObservationRegistrar()
    // Unchecked: main-actor only, and never accessed while another access to it is open.
    @exclusivity(unchecked) @usableFromInline var value = 0
    /// `\.value`, made once: the literal is looked up in the runtime's cache at each use,
    /// four times a send.
    @usableFromInline static let valueKeyPath: KeyPath<ObservedVersion, Int> = \.value

    @usableFromInline nonisolated init() {}

    /// Makes the observer being tracked depend on this version.
    @inlinable func access() {
        registrar.access(self, keyPath: Self.valueKeyPath)
    }

    /// Invalidates the observers that depend on this version.
    @inlinable func bump() {
        bump {}
    }

    /// Invalidates the observers that depend on this version; `change` runs inside the
    /// mutation, so that an observer told that it will change still reads the old value.
    @inlinable func bump(around change: () -> Void) {
        // `willSet` and `didSet` rather than `withMutation`: a main-actor closure handed to
        // `withMutation` checks at run time that it runs on the main actor, on every bump
        // (budgets.tsv: observable-send).
        let keyPath = Self.valueKeyPath
        registrar.willSet(self, keyPath: keyPath)
        change()
        value &+= 1
        registrar.didSet(self, keyPath: keyPath)
    }
}

/// One part of the state that an observer read through a key path: its own observed
/// version, bumped only when that part changes.
@MainActor
@usableFromInline
final class TrackedPart<F: Feature> {
    @usableFromInline let version = ObservedVersion()
    /// Whether the part differs between two states.
    @usableFromInline let changed: (borrowing F.State, borrowing F.State) -> Bool

    @inlinable init<Value: Equatable>(_ keyPath: KeyPath<F.State, Value>) {
        changed = Self.changeTest(keyPath)
    }

    /// Whether the part at `keyPath` differs between two states. Made outside the main actor,
    /// so that the closures are not isolated to it: an isolated closure handed to
    /// `withUnsafePointer` checks at run time that it runs on the main actor, twice a
    /// comparison (budgets.tsv: observable-send).
    @inlinable
    nonisolated static func changeTest<Value: Equatable>(
        _ keyPath: KeyPath<F.State, Value>
    ) -> (borrowing F.State, borrowing F.State) -> Bool {
        // A key path of stored properties is read at its offset: through the key path, each
        // comparison went into the key-path runtime twice (see `StoredOffset`).
        guard let offset = StoredOffset(of: keyPath) else {
            return { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
        }
        return { old, new in
            offset.read(old) { old in offset.read(new) { new in old != new } }
        }
    }

    /// Makes the observer being tracked depend on this part.
    @inlinable func access() {
        version.access()
    }

    /// Invalidates the observers that depend on this part.
    @inlinable func bump() {
        version.bump()
    }
}
