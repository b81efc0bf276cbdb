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
    @usableFromInline let makePart: @Sendable () -> any SharedPart<State>

    /// Binds the part of the state at `keyPath` to `shared`.
    ///
    /// - Parameters:
    ///   - keyPath: Where the value lives in the state.
    ///   - shared: The shared value.
    @inlinable
    public init<Value>(_ keyPath: any WritableKeyPath<State, Value> & Sendable, _ shared: Shared<Value>) {
        // Inlinable, so that these closures are specialized for the state and the value where
        // the store is made: generic, each store a change reached paid metadata look-ups
        // for `Value?` and the key path (budgets.tsv: shared-write-2, shared-write-100).
        makePart = {
            SharedValuePart(
                shared: shared,
                take: { state, shared in
                    let value = shared.guardedValue
                    guard state[keyPath: keyPath] != value else { return false }
                    state[keyPath: keyPath] = value
                    return true
                },
                give: { state, shared in
                    let value = state[keyPath: keyPath]
                    guard value != shared.guardedValue else { return false }
                    shared.guardedValue = value
                    return true
                })
        }
    }

    /// Binds an optional part of the state: written to the shared value while present, set
    /// from it whenever it changes and the part is present.
    ///
    /// - Parameters:
    ///   - keyPath: Where the value lives in the state, through an optional.
    ///   - shared: The shared value.
    @inlinable
    public init<Value>(_ keyPath: any WritableKeyPath<State, Value?> & Sendable, _ shared: Shared<Value>) {
        makePart = {
            SharedValuePart(
                shared: shared,
                take: { state, shared in
                    let value = shared.guardedValue
                    guard let current = state[keyPath: keyPath], current != value else { return false }
                    state[keyPath: keyPath] = value
                    return true
                },
                give: { state, shared in
                    guard let value = state[keyPath: keyPath], value != shared.guardedValue else { return false }
                    shared.guardedValue = value
                    return true
                })
        }
    }
}

/// One store's view of one shared value, without the store's feature type: reads and writes
/// the part of the state, and remembers the newest version the state holds. Every method but
/// `attach` and `detach` runs on the store's draining thread, under the value's lock where
/// it says so.
@usableFromInline
protocol SharedPart<State>: AnyObject, Sendable {
    associatedtype State
    /// Under the lock: whether the value changed since the state last took it.
    var hasNewer: Bool { get }
    /// Orders the locks of a store bound to several values, so that two such stores never
    /// wait for each other.
    var lockOrder: ObjectIdentifier { get }
    func lockValue()
    func unlockValue()
    /// Sets the part to the value and subscribes (takes the lock).
    func attach(_ observer: any SharedObserver, to state: inout State)
    func detach(_ observer: any SharedObserver)
    /// Under the lock: sets the part to a newer value, if there is one. Whether there was.
    func catchUp(_ state: inout State) -> Bool
    /// Under the lock: writes the part to the value if the reducer changed it, and returns
    /// the other observers to kick (`nil`: nothing changed).
    func publish(_ state: State, from observer: any SharedObserver) -> [any SharedObserver]?
    /// Outside the lock, after a `publish` that changed the value: saves it.
    func saveAfterPublish()
}

/// ``SharedPart`` for a value of type `Value`.
@usableFromInline
final class SharedValuePart<State, Value: Sendable & Equatable>: SharedPart,
    @unchecked Sendable  // `seen`, `toSave`: only the drain-claim holder touches them
{
    /// The version of the shared value the state holds.
    private var seen: UInt64 = 0
    let shared: Shared<Value>
    /// Under the value's lock: sets the state's part to the value; whether it changed.
    let take: @Sendable (inout State, Shared<Value>) -> Bool
    /// Under the value's lock: sets the value to the state's part; whether it changed.
    let give: @Sendable (State, Shared<Value>) -> Bool
    /// The value and version a `publish` wrote, to save once the lock is released (only for
    /// a value with a storage).
    private var toSave: (Value, UInt64)?

    @usableFromInline init(
        shared: Shared<Value>, take: @escaping @Sendable (inout State, Shared<Value>) -> Bool,
        give: @escaping @Sendable (State, Shared<Value>) -> Bool
    ) {
        self.shared = shared
        self.take = take
        self.give = give
    }

    @usableFromInline var lockOrder: ObjectIdentifier { ObjectIdentifier(shared) }
    @usableFromInline func lockValue() { shared.lock.lock() }
    @usableFromInline func unlockValue() { shared.lock.unlock() }

    @usableFromInline func attach(_ observer: any SharedObserver, to state: inout State) {
        shared.lock.lock()
        _ = take(&state, shared)
        seen = shared.version
        shared.subscribe(observer)
        shared.lock.unlock()
    }

    @usableFromInline func detach(_ observer: any SharedObserver) {
        shared.unsubscribe(observer)
    }

    @usableFromInline var hasNewer: Bool { shared.version != seen }

    @usableFromInline func catchUp(_ state: inout State) -> Bool {
        guard shared.version != seen else { return false }
        seen = shared.version
        return take(&state, shared)
    }

    @usableFromInline func publish(_ state: State, from observer: any SharedObserver) -> [any SharedObserver]? {
        guard give(state, shared) else { return nil }
        let observers = shared.changed(by: observer)
        seen = shared.version
        if shared.storage != nil { toSave = (shared.guardedValue, seen) }
        return observers
    }

    @usableFromInline func saveAfterPublish() {
        guard shared.storage != nil, let (value, version) = toSave else { return }
        toSave = nil
        shared.save(value, version: version)
    }
}
