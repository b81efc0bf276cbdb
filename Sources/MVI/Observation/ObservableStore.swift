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
    // The send path (`send`, the observer, `showLatest`) is inlinable, so that it runs
    // specialized for the feature where the model is used: unspecialized, each send looked
    // up the generic metadata of the store's parts about twenty times (callgrind,
    // `observable-send`).

    /// The store being mirrored.
    public let store: Store<F>

    // Unchecked: only the main actor touches these, and no access to one overlaps another
    // (`showLatest` writes `current` inside the version's mutation, which reads nothing of
    // this object). Checked at run time, the send path's six accesses cost about a third of
    // the send (budgets.tsv: observable-send).
    @exclusivity(unchecked) @usableFromInline var current: F.State
    /// What an observer of the whole state depends on (see ``ObservedVersion`` for why it is
    /// not this class's own registrar).
    @usableFromInline let stateVersion = ObservedVersion()
    /// Whether ``state`` was ever read: until it is, no observer can depend on
    /// ``stateVersion``, and a new state does not bump it (a registrar's `willSet` and
    /// `didSet` cost a call into the registrar even with no observer; budgets.tsv:
    /// observable-send).
    @exclusivity(unchecked) @usableFromInline var stateWasRead = false
    @exclusivity(unchecked) @usableFromInline var tracked: [AnyKeyPath: TrackedPart<F>] = [:]
    /// `tracked`'s parts, in the order they were first read: what a new state is compared on
    /// (an array walks for less than a dictionary's values; budgets.tsv: observable-send).
    @exclusivity(unchecked) @usableFromInline var parts: [TrackedPart<F>] = []
    @usableFromInline let showing = ShowingFlag()
    @usableFromInline var subscription: Subscription?

    /// Starts mirroring `store`'s state on the main actor.
    @inlinable
    public init(_ store: Store<F>) {
        self.store = store
        self.current = store.state
        let showing = showing
        subscription = store.subscribe { [weak self] _ in
            // The first state after an idle period schedules one hop; later ones ride on it,
            // and those a main-actor send publishes are shown by that send.
            guard showing.put() else { return }
            Task { @MainActor in
                guard let self else { return }
                self.showing.clear()
                self.showLatest()
            }
        }
    }

    deinit {
        subscription?.cancel()
    }

    /// The latest state, on the main actor. Reading it makes an observer depend on all of it.
    @inlinable
    public var state: F.State {
        stateWasRead = true
        stateVersion.access()
        return current
    }

    /// Part of the state; an observer that reads it depends on that part only.
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<F.State, Value>) -> Value {
        read(keyPath)
    }

    /// Part of the state by key path (`model.read(\.rows[42])`); an observer that reads it
    /// is invalidated only when that part changes.
    @inlinable
    public func read<Value: Equatable>(_ keyPath: KeyPath<F.State, Value>) -> Value {
        let part: TrackedPart<F>
        if let known = tracked[keyPath] {
            part = known
        } else {
            part = TrackedPart(keyPath)
            tracked[keyPath] = part
            parts.append(part)
        }
        part.access()
        return current[keyPath: keyPath]
    }

    /// Sends an intent to the store. From the main actor, when the store is not busy on
    /// another thread, the state the intent made synchronously is shown before this returns.
    ///
    /// - Parameters:
    ///   - intent: The intent.
    ///   - fileID: Where it is sent, for time travel's causal trace (leave the default).
    ///   - line: Where it is sent (leave the default).
    @inlinable
    public func send(_ intent: F.Intent, fileID: StaticString = #fileID, line: UInt = #line) {
        // Shown below, before this returns: the states the send publishes need no hop.
        let hopPending = showing.expectShowing()
        store.send(intent, fileID: fileID, line: line)
        // A pending hop clears the flag itself, and shows what is newer by then.
        if !hopPending { showing.clear() }
        showLatest()
    }

    /// ``send(_:fileID:line:)`` as a function value (`dispatch: model.send`), which cannot
    /// carry a call site: its intents show none in a causal trace.
    @_disfavoredOverload
    @inlinable
    public func send(_ intent: F.Intent) {
        send(intent, fileID: "", line: 0)
    }

    /// Sends an intent, and returns once the async work its `execute` started has ended, as
    /// ``Store/sendAwaitingWork(_:)``: `.refreshable { await model.sendAwaitingWork(.refresh) }`.
    /// The state the intent made synchronously is shown before the wait, as with ``send(_:)``.
    ///
    /// - Parameter intent: The intent to send.
    public func sendAwaitingWork(_ intent: F.Intent) async {
        let hopPending = showing.expectShowing()
        let waiting = store.core.sendAwaitingWorkStarted(intent)
        if !hopPending { showing.clear() }
        showLatest()
        await waiting.wait()
    }

    /// A `(Intent) -> Void` dispatcher for views that take only a state and a dispatcher.
    public var dispatcher: @Sendable (F.Intent) -> Void {
        let store = store
        return { store.send($0) }
    }

    /// Shows the store's newest state.
    @inlinable
    func showLatest() {
        let state = store.state
        // The new state goes in by a swap, which hands back the one it replaces; the parts
        // compare those two locals. Reading `current` for each comparison retained and
        // released its fields around each one (budgets.tsv: observable-send).
        var previous = state
        if stateWasRead {
            stateVersion.bump { swap(&current, &previous) }
        } else {
            swap(&current, &previous)
        }
        for index in parts.indices {
            // Unretained: `parts` (and `tracked`) hold every part for the model's lifetime,
            // and none is ever removed. Held strongly, each part and its change test were
            // retained and released around each comparison (budgets.tsv: observable-send).
            unowned(unsafe) let part = parts[index]
            if part.changed(previous, state) { part.bump() }
        }
    }
}
