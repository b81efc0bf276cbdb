/// The drain claim's holder taking items off the queue (intents lent in runs), letting the
/// claim go, and handing it over after a fair share.
extension SchedulingStateMachine {
    /// The drainer finished its own item: lets go of the claim if nothing was queued
    /// meanwhile (`true`, the common case of a lone sender); otherwise the caller drains the
    /// queue with ``next()``.
    @inlinable mutating func drained() -> Bool {
        guard pending.isEmpty else { return false }
        isDraining = false
        return true
    }

    /// What the drainer does next.
    @usableFromInline
    enum NextAction: Sendable {
        /// Runs this work (liveness `.live`), or drops it (input from async work that is no
        /// longer live, decided now, when it would be applied).
        case run(QueueItem<F>, WorkLiveness)
        /// The queue is empty: the claim is released.
        case idle
    }

    /// Takes the next queued items for the drainer, or releases the claim: ``next(lendingInto:)``
    /// with no room to lend.
    @inlinable mutating func next() -> NextAction {
        next(lendingInto: UnsafeMutableBufferPointer(start: nil, count: 0)).0
    }

    /// ``next()``, lending the drainer the intents queued right behind an intent it takes, at
    /// most `lent.count`, moved into `lent` in order: one critical section for a run of
    /// intents instead of one each (what concurrent senders queue). The count lent comes
    /// with the action.
    ///
    /// Only intents are lent: they carry no work token, so they are live whenever they are
    /// taken, and they wait on nothing. Intents the drainer has not started when the store
    /// is cancelled or holds its input come back through ``takeBack(_:)``.
    @inlinable mutating func next(
        lendingInto lent: UnsafeMutableBufferPointer<QueueItem<F>>
    ) -> (NextAction, lent: Int) {
        guard let item = pending.popFirst() else {
            isDraining = false
            return (.idle, 0)
        }
        let isInput = item.isInput
        if isInput { queuedInputCount -= 1 }
        if _slowPath(isBounded) {
            // One at a time, each input freeing room for a waiting sender as it is taken.
            if isInput { inputLeftQueue() }
            let judged: WorkLiveness = item.workToken.map { token in liveness(ofWork: token) } ?? .live
            return (.run(item, judged), 0)
        }
        if let token = item.workToken { return (.run(item, liveness(ofWork: token)), 0) }
        guard item.isIntent else { return (.run(item, .live), 0) }
        let lentCount = pending.moveLeading(into: lent) { $0.isIntent }
        queuedInputCount -= lentCount
        return (.run(item, .live), lentCount)
    }

    /// Takes back intents lent to the drainer that it will not start, because the store was
    /// cancelled or holds its input meanwhile: they go where they would have gone had they
    /// still been queued. Returns those to abandon (the store was cancelled).
    ///
    /// Held, they go before what was held since (they arrived first). If the store already
    /// resumed, they go back in front of the queue: still first, and on the live state,
    /// which they were sent to.
    mutating func takeBack(_ intents: [QueueItem<F>]) -> [QueueItem<F>] {
        if isCancelled { return intents }
        queuedInputCount += intents.count
        if isHolding {
            held = intents + held
        } else {
            pending.prepend(contentsOf: intents)
        }
        return []
    }

    /// After a fair share of others' items: lets go of the claim, always, so the drainer
    /// returns to its caller. `true` if items still wait: the caller starts a task that drains
    /// them if nobody else comes (``claimAbandonedQueue()``). `false` if the queue is empty.
    ///
    /// Letting go of an empty queue too is what makes the fair share a bound: a drainer that
    /// kept the claim there took whatever arrived next, past its share, again and again (found
    /// by the exhaustive check, `SchedulingExhaustiveTests`).
    @usableFromInline mutating func handOver() -> Bool {
        isDraining = false
        guard !pending.isEmpty else { return false }
        wasUsed = true
        return true
    }

    /// Takes the claim to drain the queue a drainer handed over, unless someone took it.
    ///
    /// A cancelled store's queue is drained too: what is left there is control work and the
    /// end (`.terminate`), which must run, or observers never finish (found by the exhaustive
    /// check).
    @inlinable mutating func claimAbandonedQueue() -> Bool {
        guard !isDraining, !pending.isEmpty else { return false }
        isDraining = true
        return true
    }
}
