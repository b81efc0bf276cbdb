@testable import MVI

/// One state of the exhaustive check: the real ``SchedulingStateMachine``, every actor's
/// program counter and local variables, and the model the invariants are checked against.
///
/// A step is one critical section of the store (one transition of the machine) together with
/// what its actor does after it, before it takes the lock again, mirroring `StoreCore`
/// (`send`, `submit`, `drain`, `drainQueued`, `performLent`, `handOverDraining`, `cancel`,
/// `dispatchFromWork`, time travel's hooks). User code touches the machine only through
/// transitions, so interleaving whole steps covers every ordering the store can see.
struct SchedulingWorld {
    /// What a unit of work is, in the checker's words.
    enum Item: Hashable, Sendable {
        case intent(Int)
        case message(Int, token: Int)
        case replaceState(Int)
        case show(Int)
        case restore
        case bootstrap
        case terminate
        case other

        init(_ work: borrowing CheckedWork) {
            switch work {
            case .intent(let id): self = .intent(id)
            case .message(let id, let token, _): self = .message(id, token: token)
            case .replaceState(let id): self = .replaceState(id)
            case .show(let id): self = .show(id)
            case .restore: self = .restore
            case .bootstrap: self = .bootstrap
            case .terminate: self = .terminate
            default: self = .other
            }
        }

        var work: CheckedWork {
            switch self {
            case .intent(let id): return .intent(id)
            case .message(let id, let token): return .message(id, work: token, nil)
            case .replaceState(let id): return .replaceState(id)
            case .show(let id): return .show(id)
            case .restore: return .restore
            case .bootstrap: return .bootstrap
            case .terminate: return .terminate
            case .other:
                return .failure(StoreError(storeName: "checked", origin: .misuse, underlying: CancellationError()))
            }
        }

        /// The id of an input; `nil` for control work.
        var inputID: Int? {
            switch self {
            case .intent(let id), .message(let id, _), .replaceState(let id): return id
            default: return nil
            }
        }

        /// A few integers that name the item (for the state's encoding).
        func encode(into key: inout [Int]) {
            switch self {
            case .intent(let id): key.append(id &* 8)
            case .message(let id, let token): key.append(contentsOf: [id &* 8 &+ 1, token])
            case .replaceState(let id): key.append(id &* 8 &+ 2)
            case .show(let id): key.append(id &* 8 &+ 3)
            case .restore: key.append(4)
            case .bootstrap: key.append(5)
            case .terminate: key.append(6)
            case .other: key.append(7)
            }
        }
    }

    /// What a thread that holds the drain claim does next.
    struct Frame: Hashable {
        enum Phase: Hashable {
            /// Runs work it took (decided already); `own` for the work it claimed the store
            /// for, after which it calls `drained()`, else the drain loop goes on.
            case perform(Item, own: Bool)
            /// `run`'s second critical section: registers the task of the reserved slot.
            case register(token: Int, work: Int, own: Bool)
            /// `drain()`: lets go, or drains what was queued meanwhile.
            case drained
            /// `drainQueued`'s loop: `next(lendingInto:)`.
            case next
            /// `performLent`: before a lent intent, whether it was recalled.
            case checkLent
            /// `giveBackLent`: `takeBack` of the lent intents not started.
            case giveBack
            /// `handOverDraining`: after a fair share.
            case handOver
        }
        var phase: Phase
        var share: Int
        /// The intents lent to the drainer that it has not started, in order.
        var lent: [Int] = []
    }

    /// One actor: a thread outside the store, an async work's task or a hand-over task.
    struct Actor: Hashable {
        enum Kind: Hashable {
            case external(Int)
            case work(Int)
            case handOverTask
        }
        var kind: Kind
        /// The next operation of its program (for async work, `operations.count` is the
        /// task's end).
        var pc = 0
        /// Set while it holds the drain claim.
        var frame: Frame?
        /// Async work whose `claimInput` found the store busy: the message it queues next.
        var submitting: Int?
        /// An async sender waiting for its queued message to be applied or dropped.
        var waitingFor: Int?
        /// Items it performed in the current call (a sender's fair-share promise).
        var performedInCall = 0
        /// Async work: its token, once its slot is reserved (the task may run from then).
        var token: Int?
        var finished = false
        /// An async sender refused at the bound: the intent it offers again, ready to wait.
        var offering: Int?
        /// An async sender waiting for room: its intent, and the id of its wait.
        var waitingForRoom: Int?
        var roomWaitID: Int?
    }

    /// What the store promises, followed alongside the machine.
    struct Model: Hashable {
        enum WorkStatus: Hashable { case notStarted, live, cancelled, ended, neverStarted }
        /// Inputs that arrived (queued, held, lent, or claimed) and were neither started nor
        /// dropped, in arrival order.
        var outstanding: [Int] = []
        /// Control work queued, in order.
        var controlQueued: [Item] = []
        /// `StoreCore.lentIntents` and `lentIntentsRecalled`.
        var lentIntents = 0
        var recalled = false
        var storeCancelled = false
        var holding = false
        /// A recorded state is shown (between a performed `show` and its `restore`).
        var showing = false
        var bootstrapped = false
        var terminated = 0
        var hadCancel = false
        var workStatus: [WorkStatus]
        /// The intents of the senders waiting for room, in the order they began to wait.
        var roomWaiting: [Int] = []
        /// Intents a bounded store refused at its bound (each reported by its sender).
        var refused = 0
    }

    let scenario: SchedulingScenario
    var machine = CheckedMachine()
    var actors: [Actor]
    var model: Model
    /// The first broken promise found by the last step.
    var violation: String?
    /// Whether steps describe themselves: only when a counterexample's trace is replayed
    /// (describing every step of an exploration would cost most of its time).
    var describes = false

    /// `text` when steps describe themselves; otherwise nothing, without making it.
    func say(_ text: @autoclosure () -> String) -> String { describes ? text() : "" }

    init(_ scenario: SchedulingScenario) {
        self.scenario = scenario
        actors = scenario.actors.indices.map { Actor(kind: .external($0)) }
        actors += scenario.works.indices.map { Actor(kind: .work($0)) }
        model = Model(workStatus: Array(repeating: .notStarted, count: scenario.works.count))
        if let limit = scenario.inputLimit { machine.bound(inputTo: limit) }  // at creation
        if scenario.startsStarted {
            _ = machine.start()
            _ = machine.drained()
            model.bootstrapped = true
        }
    }

    // MARK: Who may act

    /// Whether `actor` has a step to take.
    func isEnabled(_ index: Int) -> Bool {
        let actor = actors[index]
        if actor.finished { return false }
        if actor.frame != nil || actor.submitting != nil || actor.offering != nil { return true }
        if actor.waitingFor != nil || actor.waitingForRoom != nil { return false }
        switch actor.kind {
        case .external(let program): return actor.pc < scenario.actors[program].operations.count
        case .work: return actor.token != nil && actor.pc <= operations(of: actor).count
        case .handOverTask: return true
        }
    }

    func name(of index: Int) -> String {
        switch actors[index].kind {
        case .external(let program): return scenario.actors[program].name
        case .work(let work): return "work \(work)"
        case .handOverTask: return "hand-over task"
        }
    }

    func operations(of actor: Actor) -> [SchedulingScenario.Operation] {
        switch actor.kind {
        case .external(let program): return scenario.actors[program].operations
        case .work(let work): return scenario.works[work].operations
        case .handOverTask: return []
        }
    }

    mutating func fail(_ message: String) {
        if violation == nil { violation = message }
    }

    // MARK: Steps

    /// Takes one step of `index` and returns what it did, for a trace (when it ``describes``).
    @discardableResult
    mutating func step(_ index: Int) -> String {
        let who = name(of: index)
        if let frame = actors[index].frame {
            let said = drainerStep(index, frame)
            return say("\(who): " + said)
        }
        if let message = actors[index].submitting {
            actors[index].submitting = nil
            let token = actors[index].token!  // a work actor that submits has its token
            let action = machine.submit(.message(message, work: token, nil))
            return
                "\(who): submit message \(message) -> \(afterSubmitting(index, .message(message, token: token), action))"
        }
        if let id = actors[index].offering {
            actors[index].offering = nil
            let (action, waitID) = machine.waitForRoom(id, continuation: nil)
            guard action == .waitsForRoom else {
                let result = afterSubmitting(index, .intent(id), action)  // not inside `say`: it must run
                return say("\(who): offers \(id) again -> \(result)")
            }
            guard let waitID else {
                fail("\(who) waits for room without an id")
                return ""
            }
            actors[index].waitingForRoom = id
            actors[index].roomWaitID = waitID
            model.roomWaiting.append(id)
            return say("\(who): offers \(id) again -> waits for room")
        }
        if case .handOverTask = actors[index].kind {
            guard machine.claimAbandonedQueue() else {
                actors[index].finished = true
                return say("\(who): claimAbandonedQueue -> false")
            }
            actors[index].frame = Frame(phase: .next, share: scenario.fairShare)
            return say("\(who): claimAbandonedQueue -> true, drains")
        }
        let actor = actors[index]
        let operations = operations(of: actor)
        actors[index].pc += 1
        guard actor.pc < operations.count else {
            // Async work's task returns.
            machine.taskEnded(actor.token!)  // enabled only with a token
            if case .work(let work) = actor.kind { model.workStatus[work] = .ended }
            actors[index].finished = true
            return say("\(who): task ends (taskEnded)")
        }
        let said = perform(operations[actor.pc], by: index)
        return say("\(who): " + said)
    }

    /// One operation of an actor that does not hold the claim.
    mutating func perform(_ operation: SchedulingScenario.Operation, by index: Int) -> String {
        switch operation {
        case .send(let id):
            let action = machine.submitIntent(id)
            if action == .refused {
                checkRefusal(of: id)
                model.refused += 1
                return say("send(\(id)) -> refused at the bound, reported")
            }
            let result = afterSubmitting(index, .intent(id), action)
            return say("send(\(id)) -> \(result)")
        case .sendWaitingForRoom(let id):
            let action = machine.submitIntent(id, atBound: .refuse)
            if action == .refused {
                checkRefusal(of: id)
                actors[index].offering = id
                return say("sendWaitingForRoom(\(id)) -> no room")
            }
            let result = afterSubmitting(index, .intent(id), action)
            return say("sendWaitingForRoom(\(id)) -> \(result)")
        case .cancelWaitingSender(let name):
            guard let target = actors.indices.first(where: { self.name(of: $0) == name }),
                let waitID = actors[target].roomWaitID
            else { return say("cancels \(name)'s task, which does not wait") }
            guard let waiter = machine.stopWaiting(id: waitID) else {
                return say("cancels \(name)'s task, whose wait has ended")
            }
            resumeRoomWaiter(waiter, admitted: false)
            return say("cancels \(name)'s task: it stops waiting, \(waiter.intent) not sent")
        case .replaceState(let id):
            let action = machine.submit(.replaceState(id))
            let result = afterSubmitting(index, .replaceState(id), action)
            return say("replaceState(\(id)) -> \(result)")
        case .start:
            switch machine.start() {
            case .runBootstrap:
                actors[index].frame = Frame(phase: .perform(.bootstrap, own: true), share: scenario.fairShare)
                return say("start -> runs the bootstrap")
            case .queued:
                model.controlQueued.append(.bootstrap)
                return say("start -> bootstrap queued")
            case .none:
                return say("start -> none")
            }
        case .cancelStore:
            return cancelStore(by: index)
        case .cancelWork(let id):
            _ = machine.cancelTasks(id: TaskID(id))
            noteCancelled(id: id)
            return say("cancel work \"\(id)\"")
        case .hold:
            machine.holdInput()
            model.holding = true
            recallLentIntents()
            return say("holdInput")
        case .show(let id):
            let action = machine.submit(.show(id))
            let result = afterSubmitting(index, .show(id), action)
            return say("show(\(id)) -> \(result)")
        case .resume:
            let wasHolding = machine.isHolding
            var claimed = machine.resumeInput()
            if wasHolding {
                model.holding = false
                if scenario.mutation == .resumeWithoutRestore {
                    var kept: [CheckedWork] = []
                    while let work = machine.pending.popFirst() {
                        if case .restore = work { continue }
                        kept.append(work)
                    }
                    for work in kept { machine.pending.append(work) }
                    if claimed && machine.pending.isEmpty {
                        machine.isDraining = false
                        claimed = false
                    }
                } else if !machine.isCancelled {  // a cancelled store only stops holding
                    model.controlQueued.append(.restore)
                }
            }
            if claimed { actors[index].frame = Frame(phase: .drained, share: scenario.fairShare) }
            return say("resumeInput -> \(claimed ? "drains" : "leaves it to the drainer")")
        case .dispatch(let id):
            let token = actors[index].token!  // work actors act only with their token
            switch machine.claimInput(fromWork: token) {
            case .run:
                arriveAndStart(id, from: .message(id, token: token))
                actors[index].frame = Frame(
                    phase: .perform(.message(id, token: token), own: true), share: scenario.fairShare)
                return say("dispatch(\(id)) -> run")
            case .drop(let liveness):
                checkDrop(of: .message(id, token: token), liveness, queued: false)
                return say("dispatch(\(id)) -> drop(\(liveness))")
            case .busy:
                actors[index].submitting = id
                return say("dispatch(\(id)) -> busy")
            }
        case .sendFromWork(let id):
            let token = actors[index].token!  // likewise
            let action = machine.submit(.intent(id), fromWork: token)
            let result = afterSubmitting(index, .intent(id), action, fromWork: token)
            return say("send from work (\(id)) -> \(result)")
        }
    }

    /// `StoreCore.afterSubmitting`, for the actor at `index` that submitted `item`.
    mutating func afterSubmitting(
        _ index: Int, _ item: Item, _ action: CheckedMachine.SubmitAction, fromWork token: Int? = nil
    ) -> String {
        let reentrant = actors[index].frame != nil
        switch action {
        case .run:
            if reentrant { fail("a re-entrant submit of \(item) took the claim its own drainer holds") }
            if let id = item.inputID { arriveAndStart(id, from: item) }
            actors[index].performedInCall = 0
            actors[index].frame = Frame(phase: .perform(item, own: true), share: scenario.fairShare)
            return say("run")
        case .queued, .drainQueue:
            if let id = item.inputID {
                model.outstanding.append(id)
                if case .message = item { actors[index].waitingFor = id }
            } else {
                model.controlQueued.append(item)
            }
            guard action == .drainQueue else { return say("queued") }
            if reentrant { fail("a re-entrant submit of \(item) was told to drain the queue") }
            actors[index].performedInCall = 0
            actors[index].frame = Frame(phase: .next, share: scenario.fairShare)
            return say("drainQueue")
        case .drop(let liveness):
            checkDrop(of: item, liveness, queued: false, fromWork: token)
            return say("drop(\(liveness))")
        case .refused, .waitsForRoom:
            fail("\(item) was \(action), which only a sender outside the store is told")
            return say("\(action)")
        }
    }

    /// A bounded store refused input from outside: only right at its bound.
    mutating func checkRefusal(of id: Int) {
        guard let limit = scenario.inputLimit else {
            fail("an unbounded store refused \(id)")
            return
        }
        let waiting = model.outstanding.count - model.lentIntents
        if waiting < limit { fail("\(id) was refused while \(waiting) inputs waited, under the bound of \(limit)") }
    }

    /// A sender waiting for room leaves the machine: resumed with `true` (its intent was
    /// queued, and now arrives) or `false` (not sent). Exactly once, the oldest first.
    mutating func resumeRoomWaiter(_ waiter: RoomWaiter<CheckedFeature>, admitted: Bool) {
        guard let actor = actors.firstIndex(where: { $0.roomWaitID == waiter.id }),
            actors[actor].waitingForRoom == waiter.intent
        else {
            fail("a sender with \(waiter.intent) was resumed, but none waits with it (resumed twice?)")
            return
        }
        guard let place = model.roomWaiting.firstIndex(of: waiter.intent) else {
            fail("\(waiter.intent) left the waiters but was not waiting")
            return
        }
        if admitted && place != 0 {
            fail("\(waiter.intent) got room before \(model.roomWaiting[0]), which began to wait first")
        }
        model.roomWaiting.remove(at: place)
        if admitted { model.outstanding.append(waiter.intent) }
        if admitted && scenario.mutation == .admittedSenderNotResumed { return }
        actors[actor].waitingForRoom = nil
        actors[actor].roomWaitID = nil
    }

    /// `StoreCore.cancel()`.
    mutating func cancelStore(by index: Int) -> String {
        if machine.isCancelled { return say("cancel -> already cancelled") }
        if machine.isQuiet {
            machine.isCancelled = true
            model.storeCancelled = true
            if !model.outstanding.isEmpty { fail("a quiet store was cancelled with input outstanding") }
            return say("cancel -> quiet")
        }
        guard let action = machine.cancel() else { return say("cancel -> nil") }
        recallLentIntents()
        model.hadCancel = true
        model.storeCancelled = true
        let lent = Set(actors.compactMap(\.frame).flatMap(\.lent))
        let expected = model.outstanding.filter { !lent.contains($0) }
        let abandoned = action.abandoned.map { Item($0) }
        if abandoned.compactMap(\.inputID) != expected || abandoned.contains(where: { $0.inputID == nil }) {
            fail("cancel abandoned \(abandoned) but the input not started (and not lent) was \(expected)")
        }
        for item in abandoned { abandon(item) }
        let resumed = action.waitingSenders.map(\.intent)
        if resumed != model.roomWaiting {
            fail("cancel resumed the waiting senders \(resumed), but \(model.roomWaiting) waited")
        }
        if scenario.mutation != .cancelForgetsWaitingSenders {
            for waiter in action.waitingSenders { resumeRoomWaiter(waiter, admitted: false) }
        }
        if action.terminatesNow {
            actors[index].performedInCall = 0
            actors[index].frame = Frame(phase: .perform(.terminate, own: true), share: scenario.fairShare)
            return say("cancel -> abandons \(abandoned.compactMap(\.inputID)), terminates now")
        }
        model.controlQueued.append(.terminate)
        return say("cancel -> abandons \(abandoned.compactMap(\.inputID)), terminate queued")
    }

    /// `StoreCore.recallLentIntents()`, under the lock of a hold or a cancel.
    mutating func recallLentIntents() {
        if model.lentIntents != 0 && scenario.mutation != .lentIntentsNotRecalled { model.recalled = true }
    }

    /// A step of the thread that holds the claim.
    mutating func drainerStep(_ index: Int, _ frame: Frame) -> String {
        var frame = frame
        defer { if actors[index].frame != nil { actors[index].frame = frame } }
        switch frame.phase {
        case .perform(let item, let own):
            actors[index].performedInCall += 1
            if actors[index].performedInCall > scenario.fairShare + 1 {
                fail(
                    "\(name(of: index)) performed \(actors[index].performedInCall) items in one call (fair share \(scenario.fairShare))"
                )
            }
            if model.terminated > 0 { fail("\(item) was performed after the store terminated") }
            var said = say("performs \(item)")
            switch item {
            case .intent(let id):
                switch scenario.executions[id] {
                case .sends(let child):
                    let action = machine.submitIntent(child, atBound: .admit)  // `StoreContext.send`
                    let result = afterSubmitting(index, .intent(child), action)
                    said += say(", which sends \(child) -> \(result)")
                case .startsWork(let work):
                    let workID = scenario.works[work].id
                    guard let token = machine.reserveTask(id: workID.map { TaskID($0) }) else {
                        model.workStatus[work] = .neverStarted
                        said += say(", whose run finds the store cancelled")
                        break
                    }
                    model.workStatus[work] = .live
                    actors[actors.firstIndex { $0.kind == .work(work) }!].token = token  // every work has an actor
                    frame.phase = .register(token: token, work: work, own: own)
                    return said + say(", which reserves work \(work) (token \(token)); its task may run")
                case .cancelsWork(let id):
                    _ = machine.cancelTasks(id: TaskID(id))
                    noteCancelled(id: id)
                    said += say(", which cancels work \"\(id)\"")
                case nil:
                    break
                }
            case .message(let id, _):
                resumeWaiter(of: id)
            case .show:
                model.showing = true
            case .restore:
                model.showing = false
            case .bootstrap:
                model.bootstrapped = true
            case .terminate:
                model.terminated += 1
            case .replaceState, .other:
                break
            }
            finishPerforming(own: own, &frame)
            return said
        case .register(let token, let work, let own):
            let definition = scenario.works[work]
            let cancelling = definition.cancelInFlight ? definition.id.map { TaskID($0) } : nil
            let action = machine.register(Self.task, token: token, cancelling: cancelling)
            // Earlier work with the id is superseded only by live work that registers in
            // time (not cancelled itself, not ended before its registration).
            if let id = cancelling?.description, !model.storeCancelled, model.workStatus[work] == .live {
                for other in scenario.works.indices
                where other != work && scenario.works[other].id == id && model.workStatus[other] == .live {
                    model.workStatus[other] = .cancelled
                }
            }
            finishPerforming(own: own, &frame)
            return
                "registers work \(work) -> cancelsNewTask \(action.cancelsNewTask), supersedes \(action.superseded.count)"
        case .drained:
            if machine.drained() {
                endCall(index)
                return say("drained -> lets go")
            }
            frame = Frame(phase: .next, share: scenario.fairShare)
            return say("drained -> drains the queue")
        case .next:
            let room = min(scenario.lendingCapacity, max(0, frame.share - 1))
            let (action, lent) = withUnsafeTemporaryAllocation(of: CheckedWork.self, capacity: max(room, 1)) { buffer in
                let (action, count) = machine.next(
                    lendingInto: UnsafeMutableBufferPointer(rebasing: buffer.prefix(room)))
                let lent = (0..<count).map { Item((buffer.baseAddress! + $0).move()) }  // count <= room <= capacity
                return (action, lent)
            }
            if !lent.isEmpty {
                model.lentIntents = lent.count
                model.recalled = false
            }
            // `StoreScheduler.next`: the sender the freed room admitted is resumed.
            if let admitted = machine.takeAdmittedSender() { resumeRoomWaiter(admitted, admitted: true) }
            guard case .run(let work, let liveness) = action else {
                if !lent.isEmpty { fail("next() lent intents with an empty queue") }
                endCall(index)
                return say("next -> idle, lets go")
            }
            let item = Item(work)
            if liveness != .live {
                if !lent.isEmpty { fail("next() lent intents behind dropped work") }
                checkDrop(of: item, liveness, queued: true)
                return say("next -> drops \(item) (\(liveness))")
            }
            var lentIDs: [Int] = []
            for intent in lent {
                guard case .intent(let id) = intent else {
                    fail("next() lent \(intent), which is not an intent")
                    continue
                }
                lentIDs.append(id)
            }
            frame.share -= lent.count + 1
            frame.lent = lentIDs
            take(item)
            frame.phase = .perform(item, own: false)
            return say("next -> \(item)" + (lentIDs.isEmpty ? "" : ", lent \(lentIDs)"))
        case .checkLent:
            if model.recalled {
                frame.phase = .giveBack
                return say("lent intents recalled")
            }
            let id = frame.lent.removeFirst()
            model.lentIntents = frame.lent.count
            start(id, .intent(id))
            frame.phase = .perform(.intent(id), own: false)
            return say("starts lent intent \(id)")
        case .giveBack:
            let rest = frame.lent
            frame.lent = []
            let abandoned: [CheckedWork]
            if scenario.mutation == .takeBackBehindTheQueue {
                if machine.isCancelled {
                    abandoned = rest.map { .intent($0) }
                } else {
                    machine.queuedInputCount += rest.count  // counted right: only the order is wrong
                    for id in rest {
                        if machine.isHolding {
                            machine.held.append(.intent(id))
                        } else {
                            machine.pending.append(.intent(id))
                        }
                    }
                    abandoned = []
                }
            } else {
                abandoned = machine.takeBack(rest.map { .intent($0) })
            }
            model.lentIntents = 0
            model.recalled = false
            let abandonedItems = abandoned.map { Item($0) }
            if !abandonedItems.isEmpty && abandonedItems.compactMap(\.inputID) != rest {
                fail("takeBack abandoned \(abandonedItems) of \(rest)")
            }
            for item in abandonedItems { abandon(item) }
            frame.phase = frame.share <= 0 ? .handOver : .next
            return say("gives back \(rest) -> abandons \(abandonedItems.compactMap(\.inputID))")
        case .handOver:
            if scenario.mutation == .fairShareIgnored {
                frame.phase = .next
                frame.share = scenario.fairShare
                return say("keeps draining past its fair share")
            }
            guard machine.handOver() else {
                endCall(index)
                return say("handOver -> false: the queue is empty, lets go and returns")
            }
            if scenario.mutation != .handOverWithoutTask { actors.append(Actor(kind: .handOverTask)) }
            endCall(index)
            return say("handOver -> true, starts a task and returns")
        }
    }

    /// After performing work: `drained()` for the work the caller claimed for, else the drain
    /// loop's next lent intent, hand-over or `next()`.
    func finishPerforming(own: Bool, _ frame: inout Frame) {
        if own {
            frame.phase = .drained
        } else if !frame.lent.isEmpty {
            frame.phase = .checkLent
        } else {
            frame.phase = frame.share <= 0 ? .handOver : .next
        }
    }

    /// The actor lets go of the claim and returns to its caller.
    mutating func endCall(_ index: Int) {
        actors[index].frame = nil
        actors[index].performedInCall = 0
        if case .handOverTask = actors[index].kind { actors[index].finished = true }
    }

    // MARK: The model's bookkeeping, with the checks made as it goes

    /// The drainer took `item` off the queue: input is started; control work must be the
    /// oldest queued.
    mutating func take(_ item: Item) {
        if let id = item.inputID {
            start(id, item)
        } else if model.controlQueued.first == item {
            model.controlQueued.removeFirst()
        } else {
            fail(
                "\(item) ran, but the oldest control work queued was \(model.controlQueued.first.map { "\($0)" } ?? "none")"
            )
        }
    }

    /// Input that ran at once on the thread that sent it: it arrives and starts together.
    mutating func arriveAndStart(_ id: Int, from item: Item) {
        if !model.outstanding.isEmpty {
            fail("\(item) ran at once while \(model.outstanding) arrived before it and had not started")
        }
        model.outstanding.insert(id, at: 0)
        start(id, item)
    }

    /// Input `id` starts: the oldest outstanding input, while nothing forbids it.
    mutating func start(_ id: Int, _ item: Item) {
        guard let first = model.outstanding.first else {
            fail("\(item) started but was not outstanding (it never arrived, or it ran twice)")
            return
        }
        guard first == id else {
            let why =
                model.outstanding.contains(id)
                ? "arrived after \(first), which had not started" : "was not outstanding (ran twice?)"
            fail("\(item) started but \(why)")
            return
        }
        model.outstanding.removeFirst()
        if machine.isHolding { fail("\(item) started while time travel held input") }
        if model.storeCancelled { fail("\(item) started after the store was cancelled") }
        if model.showing { fail("\(item) started while a recorded state was shown") }
        if !model.bootstrapped { fail("\(item) started before the bootstrap ran") }
        if case .message(_, let token) = item, expectedLiveness(ofToken: token) != .live {
            fail("\(item) was applied although its work is \(expectedLiveness(ofToken: token))")
        }
    }

    /// Input that will never run, handed back to be abandoned (the store was cancelled).
    mutating func abandon(_ item: Item) {
        guard let id = item.inputID, let place = model.outstanding.firstIndex(of: id) else {
            fail("\(item) was abandoned but was not outstanding")
            return
        }
        if !model.storeCancelled { fail("\(item) was abandoned by a store that is not cancelled") }
        model.outstanding.remove(at: place)
        resumeWaiter(of: id)
    }

    /// Input dropped for its liveness: at submission (never arrived) or when taken (queued).
    mutating func checkDrop(of item: Item, _ liveness: WorkLiveness, queued: Bool, fromWork token: Int? = nil) {
        let expected: WorkLiveness
        if case .message(_, let token) = item {
            expected = expectedLiveness(ofToken: token)
        } else if let token {
            expected = expectedLiveness(ofToken: token)
        } else {
            expected = model.storeCancelled ? .cancelled : .live
        }
        if liveness != expected { fail("\(item) was dropped as \(liveness), but its sender is \(expected)") }
        guard queued, let id = item.inputID else { return }
        if model.outstanding.first == id {
            model.outstanding.removeFirst()
        } else {
            fail("\(item) was dropped out of order (outstanding: \(model.outstanding))")
        }
        resumeWaiter(of: id)
    }

    /// Resumes the async sender waiting for `id` (its continuation), exactly once.
    mutating func resumeWaiter(of id: Int) {
        guard let waiter = actors.firstIndex(where: { $0.waitingFor == id }) else { return }
        actors[waiter].waitingFor = nil
    }

    /// The work with `id` is cancelled (by id): live work with that id stops being live.
    mutating func noteCancelled(id: String) {
        for work in scenario.works.indices where scenario.works[work].id == id && model.workStatus[work] == .live {
            model.workStatus[work] = .cancelled
        }
    }

    /// What the store must make of input from the work with `token`.
    func expectedLiveness(ofToken token: Int) -> WorkLiveness {
        if model.storeCancelled { return .cancelled }
        guard let work = actors.first(where: { $0.token == token }), case .work(let index) = work.kind else {
            return .ended
        }
        switch model.workStatus[index] {
        case .live: return .live
        case .cancelled: return .cancelled
        default: return .ended
        }
    }

    /// A task to register: the machine only keeps it to cancel it.
    static let task: WorkTask = Task {}
}
