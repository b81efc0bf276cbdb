@testable import MVI
import Testing

/// The store's scheduling, transition by transition, without threads: each test plays one
/// ordering the documentation promises and checks what the machine tells the store to do.
@Suite struct SchedulingStateMachineTests {
    /// The smallest feature: intents and messages are numbers.
    struct Probe: Feature {
        typealias State = Int
        typealias Intent = Int
        typealias Message = Int
        typealias SideEffect = Int
        static func reduce(_ state: inout Int, _ message: Int) { state += message }
        func execute(_ intent: Int, _ context: StoreContext<Self>) { context.dispatch(intent) }
    }

    /// Holds the machine, so that expectations can call its transitions (`#expect` cannot
    /// mutate a local variable).
    final class Scheduler {
        var machine = SchedulingStateMachine<Probe>()

        /// Runs one transition and returns its action. After every transition the input count
        /// the machine keeps (``SchedulingStateMachine/pendingInputCount``, O(1)) is what a
        /// walk of its queue and held input finds (what it counted before it kept a count).
        func step<Action>(
            _ transition: (inout SchedulingStateMachine<Probe>) -> Action,
            sourceLocation: SourceLocation = #_sourceLocation
        ) -> Action {
            let action = transition(&machine)
            #expect(
                machine.pendingInputCount == walkedInputCount, "the kept input count", sourceLocation: sourceLocation)
            return action
        }

        /// The inputs queued or held, counted by walking the queue.
        var walkedInputCount: Int { machine.held.count + machine.pending.elements.lazy.filter(\.isInput).count }
    }

    /// A started machine, as a store is after `start()` and its bootstrap.
    func started() -> Scheduler {
        let scheduler = Scheduler()
        #expect(scheduler.step { $0.start() } == .runBootstrap)
        #expect(scheduler.step { $0.drained() })
        return scheduler
    }

    /// The intents the drainer gets from `next()` until the queue is empty.
    func drainIntents(_ scheduler: Scheduler) -> [Int] {
        var intents: [Int] = []
        while case .run(let work, let liveness) = scheduler.machine.next() {
            #expect(liveness == .live)
            if case .intent(let intent) = work { intents.append(intent) }
        }
        #expect(!scheduler.machine.isDraining)
        return intents
    }

    /// A sleeping task, to stand for async work (never awaited; cancelled at the end).
    func someTask() -> WorkTask {
        Task { () async throws in try? await Task.sleep(for: .seconds(60)) }
    }

    // MARK: Claiming

    @Test func aLoneSenderRunsAtOnceAndLetsGo() {
        let scheduler = started()
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(scheduler.machine.isDraining)
        #expect(scheduler.step { $0.drained() })
        #expect(!scheduler.machine.isDraining)
    }

    @Test func sendsWhileDrainingQueueAndRunInArrivalOrderOnTheDrainer() {
        let scheduler = started()
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)  // re-entrant, or another thread
        #expect(scheduler.step { $0.submitIntent(3) } == .queued)
        #expect(!scheduler.step { $0.drained() })  // work arrived meanwhile: the drainer goes on
        #expect(drainIntents(scheduler) == [2, 3])
        #expect(scheduler.step { $0.submitIntent(4) } == .run)  // the claim was released
    }

    @Test func controlWorkRunsAtOnceWhenIdleButWaitsBehindQueuedWork() {
        let scheduler = started()
        #expect(scheduler.step { $0.submit(.restore) } == .run)
        #expect(scheduler.step { $0.drained() })
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)
        #expect(scheduler.step { $0.submit(.restore) } == .queued)
        #expect(!scheduler.step { $0.drained() })
        guard case .run(.intent(2), _) = scheduler.machine.next() else {
            Issue.record("expected the queued intent first")
            return
        }
        guard case .run(.restore, _) = scheduler.machine.next() else {
            Issue.record("expected the control work after it")
            return
        }
        guard case .idle = scheduler.machine.next() else {
            Issue.record("expected the queue to be empty")
            return
        }
    }

    // MARK: Start

    @Test func inputBeforeStartWaitsAndRunsAfterTheBootstrapInOrder() {
        let scheduler = Scheduler()
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)
        #expect(scheduler.machine.held.count == 2)
        #expect(scheduler.step { $0.start() } == .runBootstrap)
        #expect(scheduler.step { $0.start() } == .none)  // a second start does nothing
        #expect(!scheduler.step { $0.drained() })  // the held input is now queued behind the bootstrap
        #expect(drainIntents(scheduler) == [1, 2])
    }

    @Test func startWhileAnotherThreadDrainsQueuesTheBootstrapAheadOfHeldInput() {
        let scheduler = Scheduler()
        #expect(scheduler.step { $0.submit(.restore) } == .run)  // control work runs before start
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)
        #expect(scheduler.step { $0.start() } == .queued)
        #expect(!scheduler.step { $0.drained() })
        guard case .run(.bootstrap, _) = scheduler.machine.next() else {
            Issue.record("expected the bootstrap first")
            return
        }
        #expect(drainIntents(scheduler) == [1])
    }

    // MARK: Fair hand-over

    @Test func aDrainerHandsOverAndTheNextSenderDrainsTheQueueBeforeItsOwnWork() {
        let scheduler = started()
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)
        #expect(scheduler.step { $0.submitIntent(3) } == .queued)
        #expect(scheduler.step { $0.handOver() })  // its fair share is done: it lets go while work waits
        #expect(!scheduler.machine.isDraining)
        #expect(scheduler.step { $0.submitIntent(4) } == .drainQueue)  // the next sender takes the queue over
        #expect(drainIntents(scheduler) == [2, 3, 4])
        #expect(!scheduler.step { $0.claimAbandonedQueue() })  // the hand-over's task finds nothing to do
    }

    @Test func aHandedOverQueueNobodyTakesIsClaimedByTheHandOversTask() {
        let scheduler = started()
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)
        #expect(scheduler.step { $0.handOver() })
        #expect(scheduler.step { $0.claimAbandonedQueue() })
        #expect(drainIntents(scheduler) == [2])
    }

    /// Found by the exhaustive check: a drainer that kept the claim at an empty queue took
    /// whatever arrived next, past its fair share, again and again.
    @Test func handOverWithAnEmptyQueueLetsGoAndNeedsNoTask() {
        let scheduler = started()
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(!scheduler.step { $0.handOver() })  // nothing waits: no task
        #expect(!scheduler.machine.isDraining)  // but the claim is let go all the same
        #expect(scheduler.step { $0.submitIntent(2) } == .run)  // the next sender takes it
    }

    /// Found by the exhaustive check: a store cancelled while its drainer handed over kept its
    /// end queued for ever, because the hand-over's task refused a cancelled store's queue.
    @Test func aStoreCancelledDuringAHandOverIsEndedByTheHandOversTask() {
        let scheduler = started()
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)
        // Cancelled while the drainer holds the claim: 2 is abandoned, the end queued for it.
        #expect(scheduler.step { $0.cancel() }?.terminatesNow == false)
        #expect(scheduler.step { $0.handOver() })  // at its fair share it hands the end over
        #expect(scheduler.step { $0.claimAbandonedQueue() })  // the task takes the end and runs it
        guard case .run(.terminate, _) = scheduler.step({ $0.next() }) else {
            Issue.record("expected the end to be run")
            return
        }
    }

    /// Found by the exhaustive check: resuming a cancelled store queued a restore that nobody
    /// ran, or that ran after the end.
    @Test func resumingACancelledStoreOnlyStopsHolding() {
        let scheduler = started()
        scheduler.machine.holdInput()
        _ = scheduler.step { $0.cancel() }
        #expect(!scheduler.step { $0.resumeInput() })
        #expect(!scheduler.machine.isHolding)
        while case .run(let item, _) = scheduler.step({ $0.next() }) {
            if case .restore = item { Issue.record("a restore was queued after the end") }
        }
    }

    // MARK: Lending intents to the drainer

    /// Takes the next work, lending up to `capacity` intents; returns the intent taken (or
    /// `nil` for other work or none) and the intents lent, in order.
    func nextLending(_ scheduler: Scheduler, capacity: Int) -> (taken: Int?, lent: [Int]) {
        withUnsafeTemporaryAllocation(of: QueueItem<Probe>.self, capacity: capacity) { buffer in
            let (action, count) = scheduler.machine.next(lendingInto: buffer)
            let lent = (0..<count).map { index -> Int in
                guard case .intent(let intent) = (buffer.baseAddress! + index).move() else { return -1 }
                return intent
            }
            guard case .run(.intent(let intent), _) = action else { return (nil, lent) }
            return (intent, lent)
        }
    }

    /// Queues intents 1...count behind a drainer (the first sender, still draining).
    func queued(_ count: Int) -> Scheduler {
        let scheduler = started()
        #expect(scheduler.step { $0.submitIntent(0) } == .run)
        for intent in 1...count { #expect(scheduler.step { $0.submitIntent(intent) } == .queued) }
        return scheduler
    }

    @Test func theDrainerBorrowsTheIntentsBehindTheOneItTakesUpToItsRoom() {
        let scheduler = queued(10)
        let first = nextLending(scheduler, capacity: 4)
        #expect(first.taken == 1 && first.lent == [2, 3, 4, 5])
        #expect(scheduler.machine.pendingInputCount == 5)  // lent intents left the queue
        let second = nextLending(scheduler, capacity: 32)
        #expect(second.taken == 6 && second.lent == [7, 8, 9, 10])
        #expect(nextLending(scheduler, capacity: 32).taken == nil)  // empty: the claim is let go
        #expect(!scheduler.machine.isDraining)
    }

    @Test func lendingStopsAtWorkThatIsNotAnIntent() {
        let scheduler = queued(2)
        #expect(scheduler.step { $0.submit(.show(7)) } == .queued)
        #expect(scheduler.step { $0.submitIntent(3) } == .queued)
        let first = nextLending(scheduler, capacity: 32)
        #expect(first.taken == 1 && first.lent == [2])  // the show stays first in the queue
        guard case .run(.show(7), _) = scheduler.machine.next() else {
            Issue.record("expected the shown state next")
            return
        }
        #expect(drainIntents(scheduler) == [3])
    }

    @Test func nothingIsLentBehindControlWorkOrWithoutRoom() {
        let scheduler = queued(3)
        #expect(nextLending(scheduler, capacity: 0) == (1, []))
        scheduler.machine.holdInput()
        #expect(scheduler.machine.held.count == 2)
        #expect(scheduler.step { $0.submit(.restore) } == .queued)
        #expect(nextLending(scheduler, capacity: 32) == (nil, []))  // the restore, alone
    }

    @Test func lentIntentsTakenBackGoFirstWhereQueuedInputWouldGo() {
        // Still running: back in front of the queue, before what was queued since.
        let running = queued(5)
        #expect(nextLending(running, capacity: 2) == (1, [2, 3]))
        #expect(running.step { $0.takeBack([.intent(3)]) }.isEmpty)
        #expect(drainIntents(running) == [3, 4, 5])

        // Holding: held before what was held since.
        let holding = queued(5)
        #expect(nextLending(holding, capacity: 2) == (1, [2, 3]))
        holding.machine.holdInput()  // 4 and 5 are held
        #expect(holding.step { $0.takeBack([.intent(2), .intent(3)]) }.isEmpty)
        #expect(holding.machine.held.count == 4)
        #expect(holding.step { $0.resumeInput() } == false)  // the drainer still holds the claim
        guard case .run(.restore, _) = holding.machine.next() else {
            Issue.record("expected the live state to come back first")
            return
        }
        #expect(drainIntents(holding) == [2, 3, 4, 5])

        // Cancelled: handed back to be abandoned.
        let cancelled = queued(5)
        #expect(nextLending(cancelled, capacity: 2) == (1, [2, 3]))
        #expect(cancelled.step { $0.cancel() }?.abandoned.count == 2)  // 4 and 5
        #expect(cancelled.step { $0.takeBack([.intent(2), .intent(3)]) }.count == 2)
        #expect(cancelled.machine.pendingInputCount == 0)
    }

    // MARK: Holding (time travel)

    @Test func heldInputWaitsWhileControlWorkRunsThenResumesAfterTheRestore() {
        let scheduler = started()
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)
        scheduler.machine.holdInput()  // input already queued is held too
        #expect(scheduler.machine.held.count == 1)
        #expect(scheduler.step { $0.drained() })
        #expect(scheduler.step { $0.submitIntent(3) } == .queued)  // held
        #expect(scheduler.step { $0.submit(.show(42)) } == .run)  // showing a recorded state is not held
        #expect(scheduler.step { $0.drained() })
        #expect(scheduler.step { $0.resumeInput() })  // the caller drains: the restore, then held input
        guard case .run(.restore, _) = scheduler.machine.next() else {
            Issue.record("expected the live state to come back first")
            return
        }
        #expect(drainIntents(scheduler) == [2, 3])
        #expect(!scheduler.step { $0.resumeInput() })  // not holding
    }

    @Test func resumingWhileAnotherThreadDrainsLeavesTheWorkToIt() {
        let scheduler = started()
        scheduler.machine.holdInput()
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)
        #expect(scheduler.step { $0.submit(.restore) } == .run)
        #expect(!scheduler.step { $0.resumeInput() })
        #expect(!scheduler.step { $0.drained() })
        guard case .run(.restore, _) = scheduler.machine.next() else {
            Issue.record("expected the restore")
            return
        }
        #expect(drainIntents(scheduler) == [1])
    }

    @Test func aDetachedExecutionHoldsWhatTheIntentSends() {
        // Held, then started: the caller holds the claim (and skips the bootstrap).
        let scheduler = Scheduler()
        scheduler.machine.holdInput()
        #expect(scheduler.step { $0.start() } == .runBootstrap)
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)
        #expect(scheduler.machine.held.count == 1)
        #expect(scheduler.step { $0.drained() })
    }

    // MARK: Cancel

    @Test func cancelWhileIdleTerminatesNowAndAbandonsInputButKeepsControlWork() {
        let scheduler = Scheduler()
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)  // held before start
        guard let action = scheduler.machine.cancel() else {
            Issue.record("expected the first cancel to act")
            return
        }
        #expect(action.terminatesNow)
        #expect(action.abandoned.count == 1)
        #expect(scheduler.step { $0.cancel() } == nil)  // once
        #expect(scheduler.step { $0.submitIntent(2) } == .drop(.cancelled))
        #expect(scheduler.step { $0.submit(.restore) } == .drop(.cancelled))
        #expect(scheduler.step { $0.start() } == .none)
        #expect(scheduler.step { $0.reserveTask(id: nil) } == nil)
    }

    @Test func cancelWhileAnotherThreadDrainsQueuesTheEndBehindControlWork() {
        let scheduler = started()
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)
        #expect(scheduler.step { $0.submit(.restore) } == .queued)
        guard let action = scheduler.machine.cancel() else {
            Issue.record("expected cancel to act")
            return
        }
        #expect(!action.terminatesNow)
        #expect(action.abandoned.count == 1)  // the queued intent
        #expect(!scheduler.step { $0.drained() })
        guard case .run(.restore, _) = scheduler.machine.next(), case .run(.terminate, _) = scheduler.machine.next(),
            case .idle = scheduler.machine.next()
        else {
            Issue.record("expected the control work, then the end")
            return
        }
        #expect(!scheduler.machine.isBusy)
    }

    @Test func cancelHandsOutEveryTaskToCancel() {
        let scheduler = started()
        let first = someTask()
        let second = someTask()
        defer {
            first.cancel()
            second.cancel()
        }
        let one = scheduler.machine.reserveTask(id: nil)!  // the machine is not cancelled
        let two = scheduler.machine.reserveTask(id: TaskID("load"))!  // likewise
        _ = scheduler.machine.register(first, token: one, cancelling: nil)
        _ = scheduler.machine.register(second, token: two, cancelling: nil)
        #expect(scheduler.step { $0.cancel() }?.tasks.count == 2)
        #expect(scheduler.machine.tasks.isEmpty)
        #expect(scheduler.machine.liveness(ofWork: one) == .cancelled)
    }

    // MARK: Async work

    @Test func inputFromLiveWorkRunsAndFromEndedWorkIsDroppedAndReported() {
        let scheduler = started()
        let token = scheduler.machine.reserveTask(id: nil)!  // not cancelled
        #expect(scheduler.step { $0.claimInput(fromWork: token) } == .run)
        #expect(scheduler.step { $0.drained() })
        scheduler.machine.taskEnded(token)
        #expect(scheduler.step { $0.claimInput(fromWork: token) } == .drop(.ended))
        #expect(scheduler.step { $0.submit(.message(1, work: token, nil)) } == .drop(.ended))
        #expect(scheduler.step { $0.submit(.intent(1), fromWork: token) } == .drop(.ended))
    }

    @Test func inputFromCancelledWorkIsDroppedQuietlyEvenWhenItWasAlreadyQueued() {
        let scheduler = started()
        let token = scheduler.machine.reserveTask(id: TaskID("search"))!  // not cancelled
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(scheduler.step { $0.claimInput(fromWork: token) } == .busy)
        #expect(scheduler.step { $0.submit(.message(5, work: token, nil)) } == .queued)  // on its way
        #expect(scheduler.step { $0.cancelTasks(id: TaskID("search")) }.isEmpty)  // no task registered yet
        #expect(!scheduler.step { $0.drained() })
        guard case .run(.message(5, _, _), .cancelled) = scheduler.machine.next() else {
            Issue.record("expected the queued message to be judged cancelled when it is applied")
            return
        }
        #expect(scheduler.step { $0.submit(.sideEffect(1, work: token, nil)) } == .drop(.cancelled))
        scheduler.machine.taskEnded(token)  // its task returns: the token is forgotten
        #expect(scheduler.machine.cancelledTasks.isEmpty)
    }

    @Test func cancelInFlightSupersedesEarlierWorkWithTheSameIDOnly() {
        let scheduler = started()
        let tasks = (0..<3).map { _ in someTask() }
        defer { tasks.forEach { $0.cancel() } }
        let first = scheduler.machine.reserveTask(id: TaskID("search"))!  // not cancelled
        let other = scheduler.machine.reserveTask(id: TaskID("load"))!  // likewise
        #expect(scheduler.step { $0.register(tasks[0], token: first, cancelling: nil) }.superseded.isEmpty)
        #expect(scheduler.step { $0.register(tasks[1], token: other, cancelling: nil) }.superseded.isEmpty)
        let second = scheduler.machine.reserveTask(id: TaskID("search"))!  // likewise
        let action = scheduler.machine.register(tasks[2], token: second, cancelling: TaskID("search"))
        #expect(!action.cancelsNewTask)
        #expect(action.superseded.count == 1)
        #expect(scheduler.machine.liveness(ofWork: first) == .cancelled)
        #expect(scheduler.machine.liveness(ofWork: other) == .live)
        #expect(scheduler.machine.liveness(ofWork: second) == .live)
    }

    @Test func workCancelledBeforeItsTaskIsRegisteredHasItsTaskCancelled() {
        let scheduler = started()
        let task = someTask()
        defer { task.cancel() }
        let token = scheduler.machine.reserveTask(id: TaskID("load"))!  // not cancelled
        _ = scheduler.machine.cancelTasks(id: TaskID("load"))
        #expect(scheduler.step { $0.register(task, token: token, cancelling: nil) }.cancelsNewTask)
    }

    @Test func workThatEndsBeforeItsTaskIsRegisteredIsForgotten() {
        let scheduler = started()
        let task = someTask()
        defer { task.cancel() }
        let token = scheduler.machine.reserveTask(id: nil)!  // not cancelled
        scheduler.machine.taskEnded(token)
        let action = scheduler.machine.register(task, token: token, cancelling: nil)
        #expect(!action.cancelsNewTask)
        #expect(scheduler.machine.tasks.isEmpty)
    }

    @Test func pendingInputCountsQueuedAndHeldInputButNotControlWork() {
        let scheduler = started()
        #expect(scheduler.step { $0.submitIntent(1) } == .run)
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)
        #expect(scheduler.step { $0.submit(.restore) } == .queued)
        scheduler.machine.holdInput()
        #expect(scheduler.step { $0.submitIntent(3) } == .queued)
        #expect(scheduler.machine.pendingInputCount == 2)
        #expect(scheduler.machine.isBusy)
    }

    /// Every transition that moves input, in a long seeded sequence: sends queued or run,
    /// held input, control work, shared changes queued unclaimed, intents lent to the drainer and
    /// given back, hand-overs, cancelling. The kept count matches the walked one after each
    /// (``Scheduler/step(_:sourceLocation:)``); bounded and unbounded.
    @Test(arguments: [nil, 3] as [Int?])
    func theKeptInputCountMatchesAWalkOfTheQueueAfterEveryTransition(limit: Int?) {
        var random = SplitMix64(seed: 48)
        let scheduler = Scheduler()
        if let limit { scheduler.machine.bound(inputTo: limit) }
        var lent: [QueueItem<Probe>] = []
        var nextIntent = 0
        for _ in 0..<5_000 {
            nextIntent += 1
            let intent = nextIntent
            switch random.next() % 12 {
            case 0, 1, 2:
                let atBound: SchedulingStateMachine<Probe>.AtBound = random.next() % 2 == 0 ? .drop : .admit
                _ = scheduler.step { $0.submitIntent(intent, atBound: atBound) }
            case 3: _ = scheduler.step { $0.submit(.restore) }
            case 4: _ = scheduler.step { $0.queueUnclaimed(.intent(intent)) }
            case 5: _ = scheduler.step { $0.start() }
            case 6:
                if random.next() % 2 == 0 {
                    scheduler.step { $0.holdInput() }
                } else {
                    _ = scheduler.step { $0.resumeInput() }
                }
            case 7: _ = scheduler.step { $0.waitForRoom(intent, continuation: nil) }
            default:
                guard scheduler.machine.isDraining else {
                    _ = scheduler.step { $0.claimAbandonedQueue() }
                    continue
                }
                if !lent.isEmpty {
                    // The drainer gives back what it did not start, or starts it.
                    if random.next() % 2 == 0 { _ = scheduler.step { $0.takeBack(lent) } }
                    lent = []
                    continue
                }
                switch random.next() % 4 {
                case 0: _ = scheduler.step { $0.drained() }
                case 1: _ = scheduler.step { $0.handOver() }
                default:
                    let taken = withUnsafeTemporaryAllocation(of: QueueItem<Probe>.self, capacity: 4) { buffer in
                        let (_, count) = scheduler.step { $0.next(lendingInto: buffer) }
                        return (0..<count).map { (buffer.baseAddress! + $0).move() }
                    }
                    lent = taken
                    _ = scheduler.step { $0.takeAdmittedSender() }
                }
            }
        }
        _ = scheduler.step { $0.cancel() }
        #expect(scheduler.machine.pendingInputCount == 0)
    }

    /// A small seeded generator, so that the sequence is the same on every run.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    // MARK: Bounded input

    /// A started machine whose input is bounded to `limit`, with its drainer busy (so that
    /// sends queue).
    func bounded(_ limit: Int) -> Scheduler {
        let scheduler = Scheduler()
        scheduler.machine.bound(inputTo: limit)
        #expect(scheduler.step { $0.start() } == .runBootstrap)
        #expect(scheduler.step { $0.drained() })
        #expect(scheduler.step { $0.submitIntent(0) } == .run)  // the drainer, still running 0
        return scheduler
    }

    @Test func aBoundedStoreRefusesAPlainSendAtItsBoundAndCountsIt() {
        let scheduler = bounded(2)
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)
        #expect(scheduler.step { $0.submitIntent(3) } == .refused)
        #expect(scheduler.machine.refusedInputCount == 1)
        #expect(scheduler.machine.pendingInputCount == 2)
        #expect(!scheduler.step { $0.drained() })
        #expect(drainIntents(scheduler) == [1, 2])  // the newest was dropped, what waited kept
    }

    @Test func theStoresOwnInputIsAdmittedOverTheBound() {
        let scheduler = bounded(1)
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)
        #expect(scheduler.step { $0.submitIntent(2, atBound: .admit) } == .queued)  // `StoreContext.send`
        #expect(scheduler.machine.pendingInputCount == 2)
        #expect(scheduler.machine.refusedInputCount == 0)
    }

    @Test func aWaitingSenderGetsTheRoomTheDrainerFreesInTheOrderSendersWaited() {
        let scheduler = bounded(1)
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)
        #expect(scheduler.step { $0.submitIntent(2, atBound: .refuse) } == .refused)
        #expect(scheduler.machine.refusedInputCount == 0)  // an async sender is not dropped: it waits
        let (first, firstID) = scheduler.step { $0.waitForRoom(2, continuation: nil) }
        let (second, secondID) = scheduler.step { $0.waitForRoom(3, continuation: nil) }
        #expect(first == .waitsForRoom)
        #expect(second == .waitsForRoom)
        #expect(firstID != secondID)
        #expect(scheduler.machine.roomWaiterCount == 2)
        #expect(!scheduler.step { $0.drained() })
        guard case .run(.intent(1), _) = scheduler.step({ $0.next() }) else {
            Issue.record("expected the queued intent")
            return
        }
        // Taking 1 freed room: the first waiter's intent is queued in its place.
        #expect(scheduler.step { $0.takeAdmittedSender() }?.id == firstID)
        #expect(scheduler.step { $0.takeAdmittedSender() } == nil)  // handed out once
        #expect(scheduler.machine.roomWaiterCount == 1)
        guard case .run(.intent(2), _) = scheduler.step({ $0.next() }) else {
            Issue.record("expected the first waiter's intent")
            return
        }
        #expect(scheduler.step { $0.takeAdmittedSender() }?.intent == 3)
        #expect(drainIntents(scheduler) == [3])
    }

    @Test func aSenderThatFindsRoomWhenItComesBackToWaitIsQueuedAtOnce() {
        let scheduler = bounded(1)
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)
        #expect(scheduler.step { $0.submitIntent(2, atBound: .refuse) } == .refused)
        _ = scheduler.step { $0.next() }  // meanwhile the drainer takes 1
        let (action, id) = scheduler.step { $0.waitForRoom(2, continuation: nil) }
        #expect(action == .queued)
        #expect(id == nil)
    }

    @Test func cancellingABoundedStoreHandsBackEveryWaitingSender() {
        let scheduler = bounded(1)
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)
        _ = scheduler.step { $0.waitForRoom(2, continuation: nil) }
        _ = scheduler.step { $0.waitForRoom(3, continuation: nil) }
        let action = scheduler.step { $0.cancel() }
        #expect(action?.waitingSenders.map(\.intent) == [2, 3])
        #expect(action?.abandoned.count == 1)
        #expect(scheduler.machine.roomWaiterCount == 0)
        #expect(scheduler.machine.pendingInputCount == 0)
        let (late, _) = scheduler.step { $0.waitForRoom(4, continuation: nil) }
        #expect(late == .drop(.cancelled))
    }

    @Test func aSenderThatStopsWaitingLeavesTheOthersInOrder() {
        let scheduler = bounded(1)
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)
        let (_, first) = scheduler.step { $0.waitForRoom(2, continuation: nil) }
        _ = scheduler.step { $0.waitForRoom(3, continuation: nil) }
        #expect(scheduler.step { $0.stopWaiting(id: first!) }?.intent == 2)
        #expect(scheduler.step { $0.stopWaiting(id: first!) } == nil)  // once
        _ = scheduler.step { $0.next() }
        #expect(scheduler.step { $0.takeAdmittedSender() }?.intent == 3)
    }

    @Test func aBoundedStoreLendsNoIntents() {
        let scheduler = bounded(8)
        for intent in 1...4 { #expect(scheduler.step { $0.submitIntent(intent) } == .queued) }
        let (taken, lent) = nextLending(scheduler, capacity: 4)
        #expect(taken == 1)
        #expect(lent.isEmpty)
    }

    @Test func heldInputFillsTheBound() {
        let scheduler = Scheduler()
        scheduler.machine.bound(inputTo: 2)
        #expect(scheduler.step { $0.submitIntent(1) } == .queued)  // before start: held
        #expect(scheduler.step { $0.submitIntent(2) } == .queued)
        #expect(scheduler.step { $0.submitIntent(3) } == .refused)
        #expect(scheduler.machine.held.count == 2)
    }
}
