/// A bounded store's input (``SchedulingStateMachine/bound(inputTo:)``): refusing plain sends at
/// the bound, async senders waiting for room, and room freed as input leaves the queue.
extension SchedulingStateMachine {
    /// Bounds the input that may be queued or held to `capacity` (at least 1), for a store
    /// just created (`Store(…, pendingInputLimit:)`). Its queue is not lent to the drainer in
    /// runs: each input taken frees room for a waiting sender at once.
    @usableFromInline mutating func bound(inputTo capacity: Int) {
        let bound = InputBoundWaiters<F>(capacity: Swift.max(1, capacity))
        writableExtras().value.inputBound = bound
        isBounded = true
    }

    /// An async sender that found a bounded store at its bound (``SubmitAction/refused``)
    /// offers its intent again, ready to wait: queued (or run) if room appeared meanwhile,
    /// else it waits in ``InputBound/roomWaiters`` (``SubmitAction/waitsForRoom``), to be queued
    /// when room appears. `id` names the wait for ``stopWaiting(id:)``; `nil` from an
    /// unbounded store's sender, which never waits.
    mutating func waitForRoom(
        _ intent: F.Intent, continuation: UnsafeContinuation<Bool, Never>?
    ) -> (SubmitAction, id: Int?) {
        if canRunInput {
            isDraining = true
            return (.run, nil)
        }
        guard isBounded, !isCancelled, !hasRoom else { return (queue(.intent(intent)), nil) }
        let bound = writableBound()
        bound.lastWaiterID += 1
        let id = bound.lastWaiterID
        bound.roomWaiters.append(RoomWaiter(id: id, intent: intent, continuation: continuation))
        wasUsed = true
        return (.waitsForRoom, id)
    }

    /// A waiting sender gives up (its task was cancelled): its intent is not sent. The waiter,
    /// to resume with `false`, or `nil` if it is no longer waiting (admitted, or resumed by the
    /// store's cancel).
    mutating func stopWaiting(id: Int) -> RoomWaiter<F>? {
        guard boundWaiters?.roomWaiters.elements.contains(where: { $0.id == id }) == true else { return nil }
        var kept = FIFOQueue<RoomWaiter<F>>()
        var removed: RoomWaiter<F>?
        let bound = writableBound()
        while let waiter = bound.roomWaiters.popFirst() {
            if waiter.id == id { removed = waiter } else { kept.append(waiter) }
        }
        bound.roomWaiters = kept
        return removed
    }

    /// The waiter whose intent the last transition queued (at most one: each input taken off
    /// the queue frees room for one), to resume with `true` outside the lock.
    @inlinable mutating func takeAdmittedSender() -> RoomWaiter<F>? {
        guard boundWaiters?.admittedSender != nil else { return nil }
        let bound = writableBound()
        defer { bound.admittedSender = nil }
        return bound.admittedSender
    }

    /// An input left a bounded store's queue (taken by the drainer, or dropped): the room it
    /// frees goes to the first waiting sender, whose intent is queued now.
    ///
    /// The bound is written through ``writableBound()`` each time rather than kept in a local
    /// across ``queue(_:)`` (see ``writableBound()``).
    @usableFromInline mutating func inputLeftQueue() {
        guard let waiter = freeRoom() else { return }
        _ = queue(.intent(waiter.intent))
        writableBound().admittedSender = waiter
    }

    /// One input fewer waits in a bounded store (``queuedInputCount`` already says so): the
    /// first waiting sender, if that made room.
    @usableFromInline mutating func freeRoom() -> RoomWaiter<F>? {
        guard hasRoom, boundWaiters?.roomWaiters.isEmpty == false else { return nil }
        return writableBound().roomWaiters.popFirst()
    }

    /// How many senders wait for room.
    var roomWaiterCount: Int { boundWaiters?.roomWaiters.count ?? 0 }

    /// How many intents a bounded store refused at its bound.
    var refusedInputCount: Int { boundWaiters?.refusedInputCount ?? 0 }

    /// Claims the store for `work`, or queues it. Input from async work (a message or side
    /// effect it carries the token of, or an intent it sends, `token`) is checked against the
    /// work's liveness first.
    @inlinable mutating func submit(_ item: consuming QueueItem<F>, fromWork token: Int? = nil) -> SubmitAction {
        wasUsed = true
        if let token = token ?? item.workToken {
            let liveness = liveness(ofWork: token)
            guard liveness == .live else { return .drop(liveness) }
        }
        let runnable = item.isInput ? canRunInput : (!isDraining && !isCancelled && pending.isEmpty)
        if runnable {
            isDraining = true
            return .run
        }
        return queue(item)
    }

    /// What ``claimInput(fromWork:)`` found.
    @usableFromInline enum ClaimAction: Sendable, Equatable {
        /// The caller took the claim and applies its input now.
        case run
        /// The work may no longer act on the store.
        case drop(WorkLiveness)
        /// Someone else drains, or input waits: the caller queues its input with ``submit(_:fromWork:)``.
        case busy
    }

    /// Claims the store for input from the async work with `token`, without queuing anything:
    /// async work that finds the store busy suspends and queues its input with a continuation.
    @usableFromInline mutating func claimInput(fromWork token: Int) -> ClaimAction {
        let liveness = liveness(ofWork: token)
        guard liveness == .live else { return .drop(liveness) }
        guard canRunInput else { return .busy }
        isDraining = true
        return .run
    }

    /// Queues `item` for the draining thread. If nobody drains but items wait (a drainer
    /// handed over after its fair share), the caller takes the claim to drain the queue.
    @inlinable mutating func queue(_ item: consuming QueueItem<F>) -> SubmitAction {
        wasUsed = true
        if isCancelled { return .drop(.cancelled) }
        let isInput = item.isInput
        if isInput { queuedInputCount += 1 }
        if isInput && (!isStarted || isHolding) {
            held.append(consume item)
            return .queued
        }
        pending.append(consume item)
        guard !isDraining else { return .queued }
        isDraining = true
        return .drainQueue
    }

    /// Queues `item` without claiming the store, even when nobody drains: a shared value's
    /// change, queued under the shared value's lock so that every store gets its changes in
    /// one order, and drained (``claimAbandonedQueue()``) once that lock is released, so that
    /// no store's work runs under it. `false`: the store was cancelled, nothing was queued.
    @inlinable mutating func queueUnclaimed(_ item: consuming QueueItem<F>) -> Bool {
        wasUsed = true
        if isCancelled { return false }
        let isInput = item.isInput
        if isInput { queuedInputCount += 1 }
        if isInput && (!isStarted || isHolding) {
            held.append(consume item)
        } else {
            pending.append(consume item)
        }
        return true
    }
}
