/// The newest state a store published, numbered, waiting for the main actor: written on the
/// store's draining thread, read on the main actor.
final class StateInbox<State: Sendable>: Sendable {
    private struct Slot {
        var latest: State?
        var version = 0
        var hopScheduled = false
    }

    private let slot = StoreLock(Slot())

    /// Keeps `state` as the newest; `true` if the main actor must be asked to show it (no hop
    /// is pending yet).
    func put(_ state: State) -> Bool {
        slot.withLock { slot in
            slot.latest = state
            slot.version += 1
            defer { slot.hopScheduled = true }
            return !slot.hopScheduled
        }
    }

    /// The newest state and its number if it is newer than `shown`, and clears the pending
    /// hop. The state is released here so that the inbox never keeps a second copy alive.
    func take(after shown: Int) -> (State, Int)? {
        slot.withLock { slot in
            slot.hopScheduled = false
            guard slot.version > shown, let latest = slot.latest else { return nil }
            slot.latest = nil
            return (latest, slot.version)
        }
    }
}
