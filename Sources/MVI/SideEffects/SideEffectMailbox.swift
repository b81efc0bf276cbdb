/// The side effects that wait for async observers, and the observers that wait for side
/// effects. A plain state machine: it lives under the store's lock and returns what to report.
@usableFromInline
struct SideEffectMailbox<SideEffect: Sendable>: Sendable {
    @usableFromInline typealias Waiter = CheckedContinuation<SideEffect?, Never>

    /// One broadcast observer: its own queue and, while it waits, its continuation.
    @usableFromInline
    struct Observer: Sendable {
        var queue = FIFOQueue<SideEffect>()
        var waiter: Waiter?
    }

    /// Side effects nobody has taken yet.
    var buffer = FIFOQueue<SideEffect>()
    /// Single-consumer iterators suspended in `next()`, oldest first.
    var waiters: [(id: Int, continuation: Waiter)] = []
    /// Broadcast iterators, by id.
    var observers: [Int: Observer] = [:]
    var nextID = 0
    var isFinished = false

    init() {}

    /// Whether an async observer would take a side effect posted now (broadcast only).
    var hasBroadcastObservers: Bool { !observers.isEmpty }

    /// Offers a side effect to the async side. Returns the side effect that had to be
    /// dropped, if any. The store passes its policy (kept once, in the store).
    mutating func post(_ sideEffect: SideEffect, policy: SideEffectPolicy) -> [SideEffect] {
        if isFinished { return [] }
        switch policy.delivery {
        case .buffer, .dropOldest:
            if !waiters.isEmpty {
                waiters.removeFirst().continuation.resume(returning: sideEffect)
                return []
            }
            return enqueue(
                sideEffect, into: &buffer, capacity: policy.capacity, dropOldest: policy.delivery == .dropOldest
            )
            .map { [$0] } ?? []
        case .broadcast:
            if observers.isEmpty {
                return enqueue(sideEffect, into: &buffer, capacity: policy.capacity, dropOldest: false)
                    .map { [$0] } ?? []
            }
            // Each observer that loses one counts: an observer's loss is not another's.
            var dropped: [SideEffect] = []
            for id in observers.keys.sorted() {
                if let waiter = observers[id]!.waiter {  // the key comes from `keys`
                    observers[id]!.waiter = nil
                    waiter.resume(returning: sideEffect)
                } else if let lost = enqueue(
                    sideEffect, into: &observers[id]!.queue, capacity: policy.capacity, dropOldest: true)
                {
                    dropped.append(lost)
                }
            }
            return dropped
        }
    }

    /// Puts back a side effect that was taken but not delivered: to a waiting observer, or
    /// at the front of the buffer, whatever its capacity (it was counted once already).
    mutating func putBack(_ sideEffect: SideEffect, policy: SideEffectPolicy) {
        if isFinished { return }
        if policy.delivery != .broadcast, !waiters.isEmpty {
            waiters.removeFirst().continuation.resume(returning: sideEffect)
            return
        }
        let later = buffer.drainAll()
        buffer.append(sideEffect)
        for waiting in later { buffer.append(waiting) }
    }

    private func enqueue(
        _ sideEffect: SideEffect, into queue: inout FIFOQueue<SideEffect>, capacity: Int, dropOldest: Bool
    ) -> SideEffect? {
        guard queue.count >= capacity else {
            queue.append(sideEffect)
            return nil
        }
        if dropOldest {
            let oldest = queue.popFirst()
            queue.append(sideEffect)
            return oldest
        }
        return sideEffect
    }

    /// Takes the next buffered side effect for a single-consumer iterator.
    mutating func take() -> SideEffect? {
        buffer.popFirst()
    }

    /// Registers a broadcast observer; the first one inherits whatever was buffered.
    mutating func addBroadcastObserver() -> Int {
        nextID += 1
        var observer = Observer()
        if observers.isEmpty {
            while let waiting = buffer.popFirst() { observer.queue.append(waiting) }
        }
        observers[nextID] = observer
        return nextID
    }

    mutating func removeBroadcastObserver(_ id: Int) {
        observers.removeValue(forKey: id)?.waiter?.resume(returning: nil)
    }

    /// A fresh id, unique among this mailbox's waiters and observers.
    mutating func nextID(forWaiter: Void = ()) -> Int {
        nextID += 1
        return nextID
    }

    /// Ends every waiting iterator; buffered side effects stay readable.
    mutating func finish() {
        isFinished = true
        for waiter in waiters { waiter.continuation.resume(returning: nil) }
        waiters.removeAll()
        for id in observers.keys {
            observers[id]!.waiter?.resume(returning: nil)  // the key comes from `keys`
            observers[id]!.waiter = nil
        }
    }
}
