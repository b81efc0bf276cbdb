/// The newest state a store published, numbered, waiting for the main actor: written on the
/// store's draining thread, read on the main actor.
@usableFromInline
final class StateQueue<State: Sendable>: Sendable {
    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline var latest: State?
        @usableFromInline var version = 0
        @usableFromInline var hopScheduled = false

        @usableFromInline init() {}
    }

    @usableFromInline let slot = Locked(Slot())

    @usableFromInline init() {}

    /// Keeps `state` as the newest; `true` if the main actor must be asked to show it (no hop
    /// is pending yet).
    @inlinable
    func put(_ state: State) -> Bool {
        slot.withLock { slot in
            slot.latest = state
            slot.version += 1
            defer { slot.hopScheduled = true }
            return !slot.hopScheduled
        }
    }

    /// The main actor is about to send, then call ``take(after:)``: the states published
    /// until then need no hop, since that call shows the newest. A state published after it
    /// finds the hop cleared and schedules one, so none is left unshown.
    @inlinable
    func expectShowing() {
        slot.withLock { $0.hopScheduled = true }
    }

    /// The newest state and its number if it is newer than `shown`, and clears the pending
    /// hop. The state is released here so that the queue never keeps a second copy alive.
    @inlinable
    func take(after shown: Int) -> (State, Int)? {
        slot.withLock { slot in
            slot.hopScheduled = false
            guard slot.version > shown, let latest = slot.latest else { return nil }
            slot.latest = nil
            return (latest, slot.version)
        }
    }
}
