#if DevTools
/// Which connections the server keeps: a machine without threads or sockets, driven by
/// ``ConnectionLimiter``.
///
/// A connection is *pending* from the moment it is accepted until a request of its names the
/// page or the socket with the token; it is then *admitted*. The two kinds have budgets of their
/// own, so that clients without the token (which anyone on the machine can open) never take the
/// place of the pages: when one pending connection too many arrives, the oldest pending one is
/// closed (it has had the longest to send its request), and an admitted connection is never
/// closed to make room.
struct ConnectionLimits: Sendable {
    /// The most connections waiting for their first request.
    let maxPending: Int
    /// The most connections that presented the token.
    let maxAdmitted: Int

    /// Pending connections, oldest first.
    private(set) var pending: [Int] = []
    /// Admitted connections.
    private(set) var admitted: Set<Int> = []

    /// Budgets from the options, made smaller when the process may open few descriptors: the
    /// server takes at most a quarter of them, so that the app's own files (its saves) keep
    /// the rest.
    init(maxPending: Int, maxAdmitted: Int, descriptorLimit: Int?) {
        var pending = Swift.max(1, maxPending)
        var admitted = Swift.max(1, maxAdmitted)
        if let descriptorLimit {
            let budget = Swift.max(2, descriptorLimit / 4)
            pending = Swift.max(1, Swift.min(pending, budget / 2))
            admitted = Swift.max(1, Swift.min(admitted, budget - pending))
        }
        self.maxPending = pending
        self.maxAdmitted = admitted
    }

    /// The most connections open at once: the server stops accepting at this many (the rest
    /// wait in the kernel's queue, where they cost the app no descriptor).
    var maxOpen: Int { maxPending + maxAdmitted }

    /// What to do once a connection was accepted.
    enum OpenAction: Equatable {
        /// Nothing: there is room.
        case keep
        /// Close this older pending connection to make room.
        case close(Int)
    }

    /// A connection was accepted.
    mutating func opened(_ id: Int) -> OpenAction {
        pending.append(id)
        guard pending.count > maxPending else { return .keep }
        return .close(pending.removeFirst())
    }

    /// A request of the connection presented the token. Returns whether it may go on: not when
    /// the admitted budget is spent, nor when the connection was already closed to make room.
    mutating func admit(_ id: Int) -> Bool {
        if admitted.contains(id) { return true }
        guard let index = pending.firstIndex(of: id), admitted.count < maxAdmitted else { return false }
        pending.remove(at: index)
        admitted.insert(id)
        return true
    }

    /// Whether the connection presented the token.
    func isAdmitted(_ id: Int) -> Bool { admitted.contains(id) }

    /// The connection closed.
    mutating func closed(_ id: Int) {
        if let index = pending.firstIndex(of: id) { pending.remove(at: index) }
        admitted.remove(id)
    }
}
#endif
