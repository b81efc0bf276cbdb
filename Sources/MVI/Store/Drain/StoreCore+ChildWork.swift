/// Children's work ends with the children: once a child feature has started async work in
/// this store, each new state is checked for the children that have work, and the work of a
/// child no longer in it is cancelled (what it sends afterwards is dropped, as for
/// ``StoreContext/cancel(id:)``).
///
/// The check is an observer of the store's state, added when the first child's work starts:
/// a store without children's work pays nothing, on any path.
extension StoreCore {
    /// Adds the observer that cancels the work of children gone from the state, once.
    /// Called by the drain-claim holder (a child's work starts from an `execute`).
    /// Inlinable, so that the observer is made where the store is specialized for its
    /// feature: made in generic code, each check paid metadata look-ups (`Drainer`,
    /// `ChildPresence<State>`) (budgets.tsv: child-in-10-working).
    @inlinable func watchChildrenWithWork() {
        guard !drainer.watchesChildrenWithWork else { return }
        // Unowned would do (the store removes its observers before it goes), weak is cheap
        // and needs no argument: the observer runs only while the store drains.
        addChildObserver(
            StateObserver<F.State>(onState: { [weak self] state in
                self?.cancelWorkOfChildrenGone(from: state)
            }))
    }

    /// Lists the observer that ``watchChildrenWithWork()`` made.
    @usableFromInline func addChildObserver(_ observer: StateObserver<F.State>) {
        drainer.watchesChildrenWithWork = true
        observer.attach(to: self)
        // Added now, not queued like a subscription: intents queued or lent already would run
        // before it, and a row deleted and added again among them would look present.
        drainer.observers.append(observer)
    }

    /// Cancels the running work of every child that is not in `state`. While time travel
    /// shows another state, the live state is not the one shown: nothing is cancelled.
    @inlinable func cancelWorkOfChildrenGone(from state: F.State) {
        guard drainer.liveWhileShowing == nil else { return }
        // A snapshot of the slots (a copy of an array reference, no allocation), checked
        // outside the scheduler's lock: the checks read the state through key paths, which
        // may be computed properties, and nothing user-written runs under that lock.
        let slots = liveWorkSlots()
        var gone: [TaskID] = []
        for slot in slots {
            guard let id = slot.running?.id, let presence = id.childPresence as? ChildPresence<F.State> else {
                continue
            }
            if !presence.isPresent(state) { gone.append(id) }
        }
        guard !gone.isEmpty else { return }
        cancelTasks { id in gone.contains { $0 === id } }
    }
}
