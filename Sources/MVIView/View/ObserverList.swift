import MVI
/// Observers of main-actor events (view events, lifecycle events), registered from anywhere
/// and cancelled from anywhere through a `Subscription`.
final class ObserverList<Value>: Sendable {
    private struct Entries {
        var nextID = 0
        var observers: [(id: Int, observer: @MainActor (Value) -> Void)] = []
    }

    private let entries = Locked(Entries())

    /// Adds an observer; it is called until the subscription ends.
    func add(_ observer: @escaping @MainActor (Value) -> Void) -> Subscription {
        let id = entries.withLock { entries in
            entries.nextID += 1
            entries.observers.append((entries.nextID, observer))
            return entries.nextID
        }
        return Subscription { [weak self] in
            self?.entries.withLock { $0.observers.removeAll { $0.id == id } }
        }
    }

    /// Calls every observer registered now, in registration order.
    @MainActor func send(_ value: Value) {
        let observers = entries.withLock { $0.observers.map(\.observer) }
        for observer in observers { observer(value) }
    }

    /// Whether anyone observes.
    var isEmpty: Bool { entries.withLock { $0.observers.isEmpty } }
}
