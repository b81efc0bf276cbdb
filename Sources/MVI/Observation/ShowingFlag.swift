import Synchronization

/// Whether the main actor is due to read the store's newest state: set by a state published
/// off the main actor's send, which then schedules one hop, or by the main actor's own send;
/// cleared by the main actor just before it reads the state.
///
/// No state is queued here: the main actor always shows `store.state`, read under the store's
/// state lock after clearing the flag, so whatever it shows is never older than what it showed
/// before. A state is written under that lock before its observer reads the flag: if the main
/// actor's read took the lock first, the clear happened before the observer's read, which
/// then finds it cleared (or set again by a later hop or send, which reads after it); if
/// not, the main actor's read sees that state or a newer one.
/// With states queued under a lock, taken three times a send, a send cost 953 instructions
/// against 906 (budgets.tsv: observable-send).
@usableFromInline
final class ShowingFlag: Sendable {
    @usableFromInline let showPending = Atomic<Bool>(false)

    @usableFromInline init() {}

    /// A state was published: `true` if the main actor must be asked to show it (nobody is due
    /// to read the state yet).
    @inlinable
    func put() -> Bool {
        // A plain load first: while the flag is set (a hop pending, a main-actor send running),
        // the observer returns without a write.
        if showPending.load(ordering: .acquiring) { return false }
        return !showPending.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// The main actor is about to send, then read the state: the states published until then
    /// need no hop. Returns whether a hop was pending already (it then stays pending).
    @inlinable
    func expectShowing() -> Bool {
        showPending.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// The main actor is about to read the store's state: a state published after this
    /// schedules a hop.
    @inlinable
    func clear() {
        showPending.store(false, ordering: .releasing)
    }
}
