import Observation

/// A main-actor mirror of a store's state that SwiftUI (or any Observation client) can watch.
///
/// ```swift
/// struct CounterView: View {
///     @State var model = ObservableStore(Store(Counter(), initialState: .init()))
///     var body: some View {
///         Button("\(model.count)") { model.send(.increment) }
///     }
/// }
/// ```
///
/// - Always current on the main actor: ``send(_:)`` from the main actor shows the state the
///   intent made synchronously on the next line (`model.send(.add("x"))`, then
///   `model.todos.count == 1`), so a text field bound to the state never sees an older value.
///   States made elsewhere (async work, other threads) arrive on the main actor in order; if
///   it is busy, the latest one wins.
/// - Field-level tracking: reading a part of the state through a key path
///   (`model.todos`, ``subscript(dynamicMember:)``, or `model.read(\.rows[42])`) makes an
///   observer depend on that part only, so a change to one row does not invalidate a view that
///   reads another. Reading ``state`` depends on all of it. Each key path read is remembered
///   for the model's lifetime and compared on every new state: read rows by id, not by
///   position, so the set stays the size of what views show.
@MainActor
@dynamicMemberLookup
public final class ObservableStore<F: Feature>: Observable {
    /// The store being mirrored.
    public let store: Store<F>

    private var current: F.State
    private var shownVersion = 0
    private let registrar = ObservationRegistrar()
    private var tracked: [AnyKeyPath: TrackedPart<F>] = [:]
    private let inbox = StateInbox<F.State>()
    private var subscription: Subscription?

    /// Starts mirroring `store`'s state on the main actor.
    public init(_ store: Store<F>) {
        self.store = store
        self.current = store.state
        let inbox = inbox
        subscription = store.subscribe { [weak self] state in
            guard inbox.put(state) else { return }
            // The first state after an idle period schedules one hop; later ones ride on it.
            Task { @MainActor in self?.showLatest() }
        }
    }

    deinit {
        subscription?.cancel()
    }

    /// The latest state, on the main actor. Reading it makes an observer depend on all of it.
    public var state: F.State {
        registrar.access(self, keyPath: \.state)
        return current
    }

    /// Part of the state; an observer that reads it depends on that part only.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<F.State, Value>) -> Value {
        read(keyPath)
    }

    /// Part of the state by key path (`model.read(\.rows[42])`); an observer that reads it
    /// is invalidated only when that part changes.
    public func read<Value: Equatable>(_ keyPath: KeyPath<F.State, Value>) -> Value {
        let part: TrackedPart<F>
        if let known = tracked[keyPath] {
            part = known
        } else {
            part = TrackedPart(keyPath)
            tracked[keyPath] = part
        }
        part.access()
        return current[keyPath: keyPath]
    }

    /// Sends an intent to the store. From the main actor, when the store is not busy on
    /// another thread, the state the intent made synchronously is shown before this returns.
    public func send(_ intent: F.Intent) {
        store.send(intent)
        showLatest()
    }

    /// A `(Intent) -> Void` dispatcher for views that take only a state and a dispatcher.
    public var dispatcher: @Sendable (F.Intent) -> Void {
        let store = store
        return { store.send($0) }
    }

    /// Shows the newest state the store published, if it is newer than the one shown.
    private func showLatest() {
        guard let (state, version) = inbox.take(after: shownVersion) else { return }
        shownVersion = version
        let previous = current
        registrar.withMutation(of: self, keyPath: \.state) { current = state }
        for part in tracked.values where part.changed(previous, state) {
            part.bump()
        }
    }
}
