/// Suspended waiters of explore's own making (its `replayable` calls, its clock's sleeps), each
/// by id, and the ids cancelled before their waiter was registered: a task's cancellation
/// handler can run before the continuation it cancels is stored.
struct WaitingList<Waiter: Identifiable> where Waiter.ID == Int {
    /// The waiters, oldest first.
    var waiters: [Waiter] = []
    /// Ids cancelled before their waiter was registered.
    private var cancelledEarly: Set<Int> = []

    /// Registers `waiter`, unless its id was cancelled already: then `false`, and the caller
    /// resumes it as cancelled.
    mutating func register(_ waiter: Waiter) -> Bool {
        if cancelledEarly.remove(waiter.id) != nil { return false }
        waiters.append(waiter)
        return true
    }

    /// The waiter with `id`, removed, for the caller to resume as cancelled; `nil` when it is
    /// not registered yet, and then its registration will find it cancelled.
    mutating func cancel(_ id: Int) -> Waiter? {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else {
            cancelledEarly.insert(id)
            return nil
        }
        return waiters.remove(at: index)
    }
}

extension WaitingList: Sendable where Waiter: Sendable {}
