/// A part of a store's state bound to a ``Shared`` value: given to the store at creation.
///
/// ```swift
/// let store = Store(Profile(), initialState: .init(), sharing: [.init(\.user, signedInUser)])
/// ```
///
/// The part starts as the shared value (it wins over the initial state's), changes the
/// shared value when the store's reducer changes it, and changes when another store or a
/// `withLock` changes the shared value (see ``Shared``). The key path may reach into an
/// optional (`\.detail?.user`): while that part is absent, nothing is written either way,
/// and the part takes the newest value the next time a change reaches the store.
public struct StateSharing<State>: Sendable {
    /// Makes the store's own part: the key path, the value and what the store has seen of it.
    let makePart: @Sendable () -> any SharedPart<State>

    /// Binds the part of the state at `keyPath` to `shared`.
    ///
    /// - Parameters:
    ///   - keyPath: Where the value lives in the state.
    ///   - shared: The shared value.
    public init<Value>(_ keyPath: any WritableKeyPath<State, Value> & Sendable, _ shared: Shared<Value>) {
        makePart = {
            SharedValuePart(shared: shared, read: { $0[keyPath: keyPath] }, write: { $0[keyPath: keyPath] = $1 })
        }
    }

    /// Binds an optional part of the state: written to the shared value while present, set
    /// from it whenever it changes and the part is present.
    ///
    /// - Parameters:
    ///   - keyPath: Where the value lives in the state, through an optional.
    ///   - shared: The shared value.
    public init<Value>(_ keyPath: any WritableKeyPath<State, Value?> & Sendable, _ shared: Shared<Value>) {
        makePart = {
            SharedValuePart(
                shared: shared, read: { $0[keyPath: keyPath] },
                write: { state, value in if state[keyPath: keyPath] != nil { state[keyPath: keyPath] = value } })
        }
    }
}

/// One store's view of one shared value, without the store's feature type: reads and writes
/// the part of the state, and remembers the newest version the state holds. Every method but
/// `attach` and `detach` runs on the store's draining thread, under the value's lock where
/// it says so.
protocol SharedPart<State>: AnyObject, Sendable {
    associatedtype State
    /// Orders the locks of a store bound to several values, so that two such stores never
    /// wait for each other.
    var lockOrder: ObjectIdentifier { get }
    func lockValue()
    func unlockValue()
    /// Sets the part to the value and subscribes (takes the lock).
    func attach(_ subscriber: any SharedSubscriber, to state: inout State)
    func detach(_ subscriber: any SharedSubscriber)
    /// Under the lock: sets the part to a newer value, if there is one. Whether there was.
    func catchUp(_ state: inout State) -> Bool
    /// Under the lock: writes the part to the value if the reducer changed it, and returns
    /// the other subscribers to kick (`nil`: nothing changed).
    func publish(_ state: State, from subscriber: any SharedSubscriber) -> [any SharedSubscriber]?
    /// Outside the lock, after a `publish` that changed the value: saves it.
    func saveAfterPublish()
}

/// ``SharedPart`` for a value of type `Value`.
/// `@unchecked Sendable`: `seen` and `toSave` are touched only by the drain-claim holder.
final class SharedValuePart<State, Value: Sendable & Equatable>: SharedPart, @unchecked Sendable {  // see above
    /// The version of the shared value the state holds.
    private var seen: UInt64 = 0
    let shared: Shared<Value>
    let read: @Sendable (State) -> Value?
    let write: @Sendable (inout State, Value) -> Void
    /// The value and version a `publish` wrote, to save once the lock is released.
    private var toSave: (Value, UInt64)?

    init(
        shared: Shared<Value>, read: @escaping @Sendable (State) -> Value?,
        write: @escaping @Sendable (inout State, Value) -> Void
    ) {
        self.shared = shared
        self.read = read
        self.write = write
    }

    var lockOrder: ObjectIdentifier { ObjectIdentifier(shared) }
    func lockValue() { shared.lock.lock() }
    func unlockValue() { shared.lock.unlock() }

    func attach(_ subscriber: any SharedSubscriber, to state: inout State) {
        shared.lock.lock()
        write(&state, shared.guarded.value)
        seen = shared.guarded.version
        shared.subscribe(subscriber)
        shared.lock.unlock()
    }

    func detach(_ subscriber: any SharedSubscriber) {
        shared.unsubscribe(subscriber)
    }

    func catchUp(_ state: inout State) -> Bool {
        guard shared.guarded.version != seen else { return false }
        seen = shared.guarded.version
        guard let current = read(state), current != shared.guarded.value else { return false }
        write(&state, shared.guarded.value)
        return true
    }

    func publish(_ state: State, from subscriber: any SharedSubscriber) -> [any SharedSubscriber]? {
        guard let value = read(state), value != shared.guarded.value else { return nil }
        shared.guarded.value = value
        let subscribers = shared.changed(by: subscriber)
        seen = shared.guarded.version
        toSave = (value, seen)
        return subscribers
    }

    func saveAfterPublish() {
        guard let (value, version) = toSave else { return }
        toSave = nil
        shared.save(value, version: version)
    }
}
