/// A store's state observers, in the order they subscribed, touched only by the draining
/// thread.
///
/// One word, like the array it replaces, but a single observer (the usual case: a view, a
/// state keeper) is held without an array, so subscribing to a store allocates nothing
/// for the list.
@usableFromInline
struct StateObservers<State: Sendable> {
    @usableFromInline enum Storage {
        case none
        case one(StateObserver<State>)
        case many([StateObserver<State>])
    }

    @usableFromInline var storage = Storage.none

    @inlinable init() {}

    /// Whether there is no observer.
    @inlinable var isEmpty: Bool {
        if case .none = storage { true } else { false }
    }

    /// The observer when there is exactly one, unretained (the list holds it): the send
    /// path calls it without reference counting.
    @inlinable var single: Unmanaged<StateObserver<State>>? {
        if case .one(let observer) = storage { Unmanaged.passUnretained(observer) } else { nil }
    }

    /// Adds `observer` last.
    mutating func append(_ observer: StateObserver<State>) {
        switch storage {
        case .none: storage = .one(observer)
        case .one(let first): storage = .many([first, observer])
        case .many(var all):
            storage = .none  // lets `all` be uniquely referenced while it grows
            all.append(observer)
            storage = .many(all)
        }
    }

    /// Drops `observer`, if listed.
    mutating func remove(_ observer: ObserverGate) {
        switch storage {
        case .none: break
        case .one(let only): if only === observer { storage = .none }
        case .many(var all):
            storage = .none
            all.removeAll { $0 === observer }
            storage = all.isEmpty ? .none : all.count == 1 ? .one(all[0]) : .many(all)
        }
    }

    /// Takes every observer out, in order, leaving none.
    mutating func removeAll() -> [StateObserver<State>] {
        defer { storage = .none }
        switch storage {
        case .none: return []
        case .one(let only): return [only]
        case .many(let all): return all
        }
    }
}
