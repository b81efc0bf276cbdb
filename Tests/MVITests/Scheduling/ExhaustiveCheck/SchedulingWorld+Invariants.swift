@testable import MVI

extension SchedulingWorld {
    /// The promises that hold in every state; the first one broken, or `nil`.
    func brokenInvariant() -> String? {
        // At most one drainer, and the machine agrees on who it is.
        let drainers = actors.indices.filter { actors[$0].frame != nil }
        if drainers.count > 1 { return "two threads hold the drain claim: \(drainers.map { name(of: $0) })" }
        if machine.isDraining != !drainers.isEmpty {
            return "the machine says draining = \(machine.isDraining), but \(drainers.count) thread holds the claim"
        }
        // No input lost, duplicated or reordered: every input that arrived and has not
        // started is in exactly one place (lent to the drainer, held, or queued), in
        // arrival order.
        let pending = machine.pending.elements.map { Item($0) }
        let held = machine.held.map { Item($0) }
        if held.contains(where: { $0.inputID == nil }) { return "control work was held: \(held)" }
        let lent = drainers.first.map { actors[$0].frame!.lent } ?? []  // a drainer has a frame
        let places = lent + held.compactMap(\.inputID) + pending.compactMap(\.inputID)
        if places != model.outstanding {
            return "the input waiting (lent \(lent), held \(held), queued \(pending)) is not what arrived and "
                + "did not start, in order: \(model.outstanding)"
        }
        let control = pending.filter { $0.inputID == nil }
        if control != model.controlQueued {
            return "the control work queued is \(control), but \(model.controlQueued) was queued and not run"
        }
        // Queued work is always drained, or will be: if nobody holds the claim, a hand-over
        // task is on its way.
        let handOverTaskComing = actors.contains { $0.kind == .handOverTask && !$0.finished }
        if !machine.pending.isEmpty && !machine.isDraining && !handOverTaskComing {
            return "work is queued (\(pending)), nobody drains it and no task will"
        }
        // Held input waits only while the store is not started or time travel holds it.
        if machine.isStarted && !machine.isHolding && !held.isEmpty {
            return "input is held (\(held)) by a started store that does not hold"
        }
        // The count producers read is kept as input comes and goes: it is the input that waits.
        let waitingInput = held.count + pending.filter { $0.inputID != nil }.count
        if machine.queuedInputCount != waitingInput {
            return "the machine counts \(machine.queuedInputCount) inputs, but \(waitingInput) wait"
        }
        if let broken = brokenBound(pending: pending, held: held, lent: lent) { return broken }
        // Input from async work is judged by what happened to its work.
        for actor in actors {
            guard let token = actor.token else { continue }
            let liveness = machine.liveness(ofWork: token)
            let expected = expectedLiveness(ofToken: token)
            if liveness != expected { return "\(actor.kind)'s input is judged \(liveness), but it is \(expected)" }
        }
        return nil
    }

    /// A bounded store's promises: input from outside never exceeds the bound, a sender waits
    /// only while there is no room (in the order they began to wait), and every refusal is
    /// counted. (The count the bound is checked against is checked for every store.)
    func brokenBound(pending: [Item], held: [Item], lent: [Int]) -> String? {
        guard let limit = scenario.inputLimit else {
            if machine.isBounded || machine.roomWaiterCount > 0 { return "an unbounded store has a bound or waiters" }
            return nil
        }
        guard let extras = machine.boundWaiters else { return "a bounded store has no bound" }
        let outside = model.outstanding.filter(scenario.outsideInputIDs.contains)
        if outside.count > limit {
            return "inputs from outside the store \(outside) wait, over the bound of \(limit)"
        }
        if !lent.isEmpty { return "a bounded store lent \(lent) to its drainer" }
        let waiters = extras.roomWaiters.elements.map(\.intent)
        if waiters != model.roomWaiting {
            return "the senders waiting for room have \(waiters), but \(model.roomWaiting) began to wait"
        }
        if !waiters.isEmpty && machine.queuedInputCount < limit {
            return
                "senders with \(waiters) wait for room while \(machine.queuedInputCount) inputs wait, under the bound"
        }
        if extras.refusedInputCount != model.refused {
            return "the store counts \(extras.refusedInputCount) refused inputs, but \(model.refused) were refused"
        }
        if extras.admittedSender != nil { return "an admitted sender was left in the machine" }
        return nil
    }

    /// The promises about the end, when no actor can move.
    func brokenFinalInvariant() -> String? {
        if let waiter = actors.firstIndex(where: { $0.waitingForRoom != nil }) {
            return "\(name(of: waiter)) waits for room for \(actors[waiter].waitingForRoom!) forever"  // just found
        }
        if let waiter = actors.firstIndex(where: { $0.waitingFor != nil }) {
            return "\(name(of: waiter)) waits for its message \(actors[waiter].waitingFor!) forever"  // just found
        }
        if machine.isDraining { return "the claim was never let go" }
        if !machine.pending.isEmpty {
            return "work stays queued with nobody to drain it: \(machine.pending.elements.map { Item($0) })"
        }
        let held = machine.held.compactMap { Item($0).inputID }
        if model.outstanding != held {
            return "input \(model.outstanding) never ran (held: \(held))"
        }
        if !held.isEmpty && machine.isStarted && !machine.isHolding {
            return "input \(held) stays held"
        }
        if model.hadCancel && model.terminated != 1 {
            return "the store was cancelled and terminated \(model.terminated) times"
        }
        if model.showing && !machine.isHolding { return "a recorded state is still shown after resuming" }
        return nil
    }

    /// The state as integers: equal for two worlds that behave alike from now on (the
    /// machine's contents rather than its storage; the model's promises, not the history).
    func encoded() -> [Int] {
        var key: [Int] = []
        key.reserveCapacity(64)
        let flags = [
            machine.isDraining, machine.isStarted, machine.isHolding, machine.isCancelled, machine.wasUsed,
            machine.hasCancelObservers, machine.extrasBox != nil, model.recalled, model.storeCancelled, model.holding,
            model.showing, model.bootstrapped, model.hadCancel,
        ]
        key.append(flags.reduce(0) { $0 << 1 | ($1 ? 1 : 0) })
        let pending = machine.pending.elements
        key.append(pending.count)
        for work in pending { Item(work).encode(into: &key) }
        let held = machine.held
        key.append(held.count)
        for work in held { Item(work).encode(into: &key) }
        if let registry = machine.extrasBox?.value.work {
            key.append(registry.lastToken)
            let ids = scenario.workIDs
            for (token, running) in registry.tasks.entries.sorted(by: { $0.token < $1.token }) {
                let id = running.id.map { id in (ids.firstIndex(of: id.description) ?? -2) + 1 } ?? 0
                key.append(contentsOf: [token, id, running.task == nil ? 0 : 1])
            }
            key.append(-1)
            key.append(contentsOf: registry.cancelledTasks.sorted())
            key.append(-1)
        }
        if let extras = machine.boundWaiters {
            key.append(contentsOf: [machine.queuedInputCount, extras.refusedInputCount, extras.lastWaiterID])
            for waiter in extras.roomWaiters.elements { key.append(contentsOf: [waiter.id, waiter.intent]) }
            key.append(extras.admittedSender?.id ?? -1)
        }
        key.append(contentsOf: [model.refused, -1])
        key.append(contentsOf: model.roomWaiting)
        key.append(-1)
        key.append(contentsOf: [model.lentIntents, model.terminated, -1])
        key.append(contentsOf: model.outstanding)
        key.append(-1)
        for item in model.controlQueued { item.encode(into: &key) }
        key.append(-1)
        for status in model.workStatus {
            switch status {
            case .notStarted: key.append(0)
            case .live: key.append(1)
            case .cancelled: key.append(2)
            case .ended: key.append(3)
            case .neverStarted: key.append(4)
            }
        }
        var handOverTasks: [[Int]] = []
        for actor in actors where !actor.finished || actor.kind != .handOverTask {
            var part: [Int] = [actor.pc, actor.submitting ?? -1, actor.waitingFor ?? -1, actor.performedInCall]
            part.append(actor.token ?? -1)
            part.append(actor.finished ? 1 : 0)
            part.append(contentsOf: [actor.offering ?? -1, actor.waitingForRoom ?? -1, actor.roomWaitID ?? -1])
            if let frame = actor.frame {
                part.append(frame.share)
                part.append(frame.lent.count)
                part.append(contentsOf: frame.lent)
                switch frame.phase {
                case .perform(let item, let own):
                    part.append(own ? 1 : 2)
                    item.encode(into: &part)
                case .register(let token, let work, let own): part.append(contentsOf: [own ? 3 : 4, token, work])
                case .drained: part.append(5)
                case .next: part.append(6)
                case .checkLent: part.append(7)
                case .giveBack: part.append(8)
                case .handOver: part.append(9)
                }
            }
            part.append(-9)
            if actor.kind == .handOverTask { handOverTasks.append(part) } else { key.append(contentsOf: part) }
        }
        // Hand-over tasks are interchangeable: their order does not matter.
        for part in handOverTasks.sorted(by: { $0.lexicographicallyPrecedes($1) }) { key.append(contentsOf: part) }
        return key
    }
}
