import MVI
/// What the store handed to a started binder and the main actor has not delivered yet:
/// states and side effects in the order the store made them.
///
/// Filled on the thread that drains the store, emptied on the main actor. Consecutive states
/// collapse into the latest (a view only needs the latest); side effects are all kept. Once
/// closed, it takes no more: a side effect it refuses stays with the store.
final class BinderQueue<State: Sendable, SideEffect: Sendable>: Sendable {
    enum Item {
        case state(State)
        case sideEffect(SideEffect)
    }

    /// The state machine: a plain struct under the lock.
    struct Storage {
        var isOpen = true
        var items: [Item] = []
        var head = 0
        /// Whether the consumer was woken and has not found the queue empty since.
        var isSignalled = false

        /// Appends, collapsing a state into a state waiting just before it. Returns whether
        /// the consumer must be woken.
        mutating func push(_ item: Item) -> Bool {
            if case .state = item, head < items.count, case .state = items[items.count - 1] {
                items[items.count - 1] = item
            } else {
                items.append(item)
            }
            if isSignalled { return false }
            isSignalled = true
            return true
        }

        mutating func pop() -> Item? {
            guard head < items.count else {
                items.removeAll(keepingCapacity: true)
                head = 0
                isSignalled = false
                return nil
            }
            let item = items[head]
            head += 1
            return item
        }
    }

    private let storage = Locked(Storage())
    private let wake: AsyncStream<Void>.Continuation
    /// Yields whenever items arrive in a queue the consumer had found empty.
    let wakeUps: AsyncStream<Void>

    init() {
        (wakeUps, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Takes a state, unless closed.
    func push(state: State) {
        let wakeUp = storage.withLock { $0.isOpen && $0.push(.state(state)) }
        if wakeUp { wake.yield() }
    }

    /// Takes a side effect, unless closed; returns whether it took it.
    func push(sideEffect: SideEffect) -> Bool {
        let (accepted, wakeUp) = storage.withLock { storage -> (Bool, Bool) in
            guard storage.isOpen else { return (false, false) }
            return (true, storage.push(.sideEffect(sideEffect)))
        }
        if wakeUp { wake.yield() }
        return accepted
    }

    /// The oldest item not delivered yet.
    func pop() -> Item? {
        storage.withLock { $0.pop() }
    }

    /// Stops taking items and returns the side effects it took but did not deliver.
    func close() -> [SideEffect] {
        let items = storage.withLock { storage -> [Item] in
            storage.isOpen = false
            defer { storage.items.removeAll(); storage.head = 0 }
            return Array(storage.items[storage.head...])
        }
        wake.finish()
        return items.compactMap { item in
            if case .sideEffect(let sideEffect) = item { return sideEffect }
            return nil
        }
    }
}
