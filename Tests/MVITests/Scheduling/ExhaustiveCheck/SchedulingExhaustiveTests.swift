@testable import MVI
import Testing

/// The scheduler's promises checked over every interleaving of small configurations, not
/// only the orderings a test happens to run (see "Checked over every interleaving" in the
/// Threading and ordering article). Each test explores one configuration to the end and
/// expects no counterexample; the mutation tests show that the checker does find one when
/// the scheduling is broken.
@Suite struct SchedulingExhaustiveTests {
    /// Explores `scenario` and records its counterexample, if any, as a test failure.
    @discardableResult
    func expectNoCounterexample(_ scenario: SchedulingScenario) -> SchedulingModelChecker.Report {
        let report = SchedulingModelChecker.explore(scenario)
        print("exhaustive check: \(report)")
        #expect(report.counterexample == nil, "\(report)")
        #expect(report.finalStates > 0)
        return report
    }

    // MARK: The configurations

    /// Three threads sending at once, two intents each (one of them a state replacement,
    /// which is never lent); two of the intents send another from `execute`. A fair share of
    /// two makes the drainer hand over, and lending two at a time makes it borrow runs.
    static let threeSenders = SchedulingScenario(
        name: "three senders, re-entrant sends, hand-over, lending",
        actors: [
            ("A", [.send(1), .send(2)]),
            ("B", [.send(11), .send(12)]),
            ("C", [.send(21), .replaceState(22)]),
        ],
        executions: [1: .sends(3), 11: .sends(13)])

    /// Async work that dispatches while threads send: the second run cancels the first
    /// (`cancelInFlight`), another thread cancels the work by id, and the second work also
    /// sends an intent.
    static let asyncWork = SchedulingScenario(
        name: "async work: dispatch, send from work, cancel in flight, cancel by id",
        actors: [
            ("A", [.send(1), .send(2)]),
            ("B", [.send(11), .cancelWork("search")]),
        ],
        executions: [1: .startsWork(0), 2: .startsWork(1)],
        works: [
            .init(id: "search", cancelInFlight: true, operations: [.dispatch(101), .dispatch(102)]),
            .init(id: "search", cancelInFlight: true, operations: [.dispatch(111), .sendFromWork(112)]),
        ])

    /// The store cancelled while two threads send, a drainer borrows intents and async work
    /// dispatches.
    static let cancel = SchedulingScenario(
        name: "cancel while sending, lending and dispatching",
        actors: [
            ("A", [.send(1), .send(2)]),
            ("B", [.send(11), .send(12)]),
            ("C", [.cancelStore]),
        ],
        executions: [1: .startsWork(0)],
        works: [.init(id: nil, operations: [.dispatch(101)])],
        fairShare: 3)

    /// A store started while threads send (input before the start is held), and time
    /// travel holding input, showing a recorded state and resuming, while a drainer borrows
    /// intents.
    static let startHoldResume = SchedulingScenario(
        name: "start, hold, show, resume while sending and lending",
        actors: [
            ("A", [.send(1), .send(2)]),
            ("B", [.start, .send(11)]),
            ("T", [.hold, .show(900), .resume]),
        ],
        executions: [2: .sends(3)],
        startsStarted: false,
        fairShare: 3)

    /// Holding, resuming and cancelling together, with async work.
    static let holdAndCancel = SchedulingScenario(
        name: "hold and resume, cancel, async work",
        actors: [
            ("A", [.send(1), .send(2)]),
            ("T", [.hold, .resume]),
            ("C", [.cancelStore]),
        ],
        executions: [1: .startsWork(0)],
        works: [.init(id: nil, operations: [.dispatch(101)])],
        fairShare: 3)

    /// Backpressure: a bound of two with three threads outside the store, plain sends
    /// dropped at the bound, async senders waiting for room and admitted in turn, and
    /// re-entrant sends from `execute` (the store's own input, never refused).
    static let boundedSenders = SchedulingScenario(
        name: "bounded input: plain sends dropped, async senders waiting, re-entrant sends admitted",
        actors: [
            ("A", [.send(1), .send(2)]),
            ("B", [.sendWaitingForRoom(11), .sendWaitingForRoom(12)]),
            ("C", [.sendWaitingForRoom(21), .send(22)]),
        ],
        executions: [1: .sends(3), 11: .sends(13)],
        inputLimit: 2)

    /// Backpressure with the store cancelled, a waiting sender's task cancelled, and async
    /// work dispatching (its input counts, but is never refused) at a bound of one.
    static let boundedCancel = SchedulingScenario(
        name: "bounded input: cancel and task cancellation while senders wait, async work",
        actors: [
            ("A", [.sendWaitingForRoom(1), .sendWaitingForRoom(2)]),
            ("B", [.sendWaitingForRoom(11), .send(12)]),
            ("C", [.cancelWaitingSender("B"), .cancelStore]),
        ],
        executions: [1: .startsWork(0)],
        works: [.init(id: nil, operations: [.dispatch(101), .sendFromWork(102)])],
        fairShare: 3,
        inputLimit: 1)

    /// Backpressure across start, hold and resume: senders wait while input is held before
    /// the start and while time travel holds it, and get room, in order, after.
    static let boundedHold = SchedulingScenario(
        name: "bounded input: start, hold and resume while senders wait",
        actors: [
            ("A", [.sendWaitingForRoom(1), .sendWaitingForRoom(2)]),
            ("B", [.start, .send(11), .sendWaitingForRoom(12)]),
            ("T", [.hold, .resume]),
        ],
        startsStarted: false,
        inputLimit: 1)

    static let all = [
        threeSenders, asyncWork, cancel, startHoldResume, holdAndCancel, boundedSenders, boundedCancel, boundedHold,
    ]

    @Test func threeSendersWithReentrantSendsHandOverAndLending() { expectNoCounterexample(Self.threeSenders) }

    @Test func asyncWorkDispatchingSendingAndCancelled() { expectNoCounterexample(Self.asyncWork) }

    @Test func cancelWhileSendingLendingAndDispatching() { expectNoCounterexample(Self.cancel) }

    @Test func startHoldShowAndResumeWhileSendingAndLending() { expectNoCounterexample(Self.startHoldResume) }

    @Test func holdResumeAndCancelWithAsyncWork() { expectNoCounterexample(Self.holdAndCancel) }

    @Test func boundedInputDropsWaitsAndAdmitsReentrantSends() { expectNoCounterexample(Self.boundedSenders) }

    @Test func boundedInputWithCancelTaskCancellationAndAsyncWork() { expectNoCounterexample(Self.boundedCancel) }

    @Test func boundedInputAcrossStartHoldAndResume() { expectNoCounterexample(Self.boundedHold) }

    /// Intents lent to a drainer and recalled by a hold while later input is queued: they are
    /// held before it, and run first after the resume.
    @Test func lentIntentsRecalledByAHoldKeepTheirPlace() {
        var scenario = Self.lendingDuringHold(.none)
        scenario.name = "lent intents recalled by a hold, later input queued"
        expectNoCounterexample(scenario)
    }

    // MARK: Defects the checker found in the machine

    // Its first run found three defects that no test had, now fixed in the machine, each with
    // a unit test in `SchedulingStateMachineTests`: a drainer that found the queue empty at its
    // fair share kept the claim (`threeSenders` found it), a store cancelled during a
    // hand-over never ran its end (`cancel`), and resuming a cancelled store queued a restore
    // nobody ran (`holdAndCancel`). The configurations above find each again if its fix is
    // taken out.

    // MARK: The checker finds broken scheduling

    /// A drainer has borrowed intents 3 and 4 and is running 2 when time travel holds input
    /// (5 is queued by then): everything a defect has to get right.
    static func lendingDuringHold(_ mutation: SchedulingScenario.Mutation) -> SchedulingScenario {
        SchedulingScenario(
            name: "mutation \(mutation)",
            actors: [
                ("A", [.send(1)]),
                ("B", [.send(2), .send(3), .send(4), .send(5)]),
                ("T", [.hold, .resume]),
            ],
            fairShare: 8, mutation: mutation)
    }

    /// Two threads and a fair share of one: the drainer must hand over after one queued item.
    static func handOver(_ mutation: SchedulingScenario.Mutation) -> SchedulingScenario {
        SchedulingScenario(
            name: "mutation \(mutation)",
            actors: [("A", [.send(1)]), ("B", [.send(2), .send(3), .send(4)])],
            fairShare: 1, mutation: mutation)
    }

    /// Explores a broken scheduler breadth first and expects the shortest counterexample to
    /// name `expected`.
    func expectCounterexample(_ scenario: SchedulingScenario, naming expected: String) {
        let report = SchedulingModelChecker.explore(scenario, breadthFirst: true)
        print("exhaustive check: \(report)")
        guard let counterexample = report.counterexample else {
            Issue.record("\(scenario.name): no counterexample found")
            return
        }
        #expect(counterexample.violation.contains(expected), "\(report)")
        #expect(!counterexample.trace.isEmpty)
    }

    @Test func lentIntentsGivenBackBehindTheQueueAreFoundOutOfOrder() {
        expectCounterexample(Self.lendingDuringHold(.takeBackBehindTheQueue), naming: "did not start, in order")
    }

    @Test func lentIntentsNotRecalledAreFoundRunningWhileHeld() {
        expectCounterexample(Self.lendingDuringHold(.lentIntentsNotRecalled), naming: "while time travel held input")
    }

    @Test func aHandOverWithoutATaskIsFoundLeavingWorkQueued() {
        expectCounterexample(Self.handOver(.handOverWithoutTask), naming: "nobody drains it")
    }

    @Test func aDrainerPastItsFairShareIsFound() {
        expectCounterexample(Self.handOver(.fairShareIgnored), naming: "fair share")
    }

    /// Two async senders at a bound of one, behind a thread that sends once.
    static func boundedWaiters(_ mutation: SchedulingScenario.Mutation, cancels: Bool = false) -> SchedulingScenario {
        var actors: [(name: String, operations: [SchedulingScenario.Operation])] = [
            ("A", [.send(1)]),
            ("B", [.sendWaitingForRoom(2), .sendWaitingForRoom(3)]),
        ]
        if cancels { actors.append(("C", [.cancelStore])) }
        return SchedulingScenario(name: "mutation \(mutation)", actors: actors, inputLimit: 1, mutation: mutation)
    }

    @Test func anAdmittedSenderNotResumedIsFoundWaitingForever() {
        expectCounterexample(Self.boundedWaiters(.admittedSenderNotResumed), naming: "waits for room")
    }

    @Test func aCancelThatForgetsWaitingSendersIsFound() {
        expectCounterexample(
            Self.boundedWaiters(.cancelForgetsWaitingSenders, cancels: true), naming: "began to wait")
    }

    @Test func resumingWithoutRestoringIsFoundRunningInputOnAShownState() {
        let scenario = SchedulingScenario(
            name: "mutation resumeWithoutRestore",
            actors: [("A", [.send(1)]), ("T", [.hold, .show(900), .resume])],
            mutation: .resumeWithoutRestore)
        expectCounterexample(scenario, naming: "recorded state was shown")
    }
}
