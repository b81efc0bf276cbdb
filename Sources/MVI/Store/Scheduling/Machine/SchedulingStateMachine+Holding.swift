/// Time travel holding live input while it shows a past state, and resuming it.
extension SchedulingStateMachine {
    /// Holds live input from now on: input already pending moves to `held`, in order.
    mutating func holdInput() {
        guard !isHolding else { return }
        isHolding = true
        wasUsed = true
        var control: [QueueItem<F>] = []
        var inputs: [QueueItem<F>] = []
        while let item = pending.popFirst() {
            if item.isInput { inputs.append(item) } else { control.append(item) }
        }
        for item in control { pending.append(item) }
        held = inputs + held
    }

    /// Stops holding input: the store's own state comes back (`.restore`), then held input
    /// runs, in order. `true` if the caller took the claim and drains.
    ///
    /// A cancelled store only stops holding: a restore queued then would run after the end,
    /// or never (found by the exhaustive check).
    mutating func resumeInput() -> Bool {
        guard isHolding else { return false }
        isHolding = false
        guard !isCancelled else { return false }
        pending.append(.restore)
        releaseHeldInput()
        guard !isDraining, !isCancelled else { return false }
        isDraining = true
        return true
    }

    /// Moves held input behind whatever is pending, once the store may run it.
    @inlinable mutating func releaseHeldInput() {
        guard isStarted, !isHolding, !hasNoHeldInput else { return }
        for item in held { pending.append(item) }
        held.removeAll()
    }
}
