@testable import MVI

/// The feature the exhaustive check schedules: intents, messages and states are ids, so
/// that every input can be followed from its arrival to its end.
struct CheckedFeature: Feature {
    typealias State = Int
    typealias Intent = Int
    typealias Message = Int
    typealias SideEffect = Int
    static func reduce(_ state: inout Int, _ message: Int) { state = message }
    func execute(_ intent: Int, _ context: StoreContext<Self>) {}
}

typealias CheckedMachine = SchedulingStateMachine<CheckedFeature>
typealias CheckedWork = QueueItem<CheckedFeature>

/// A small configuration to explore: who acts on the store, what each intent does when it
/// is executed, the async work intents start, and the drainer's limits. Every id (intent,
/// message, replaced or shown state) is unique, so the checker can tell inputs apart.
struct SchedulingScenario: Sendable {
    /// What one actor does, in order.
    enum Operation: Hashable, Sendable {
        /// `Store.send`: an intent from a thread outside the store. A bounded store at its
        /// bound drops it (and reports it).
        case send(Int)
        /// `Store.sendWaitingForRoom`: an intent from a task outside the store, which waits
        /// while a bounded store is at its bound.
        case sendWaitingForRoom(Int)
        /// The task of the named actor is cancelled: if it waits for room, it stops waiting.
        case cancelWaitingSender(String)
        /// `Store.replaceState(with:)`: input that is not an intent (it is never lent).
        case replaceState(Int)
        /// `Store.start()`: the bootstrap, then the input held until now.
        case start
        /// `Store.cancel()`.
        case cancelStore
        /// `StoreContext.cancel(id:)` from outside: the work with this id is cancelled.
        case cancelWork(String)
        /// Time travel: holds live input, shows a recorded state, resumes.
        case hold
        case show(Int)
        case resume
        /// Async work: `WorkContext.dispatch` (claims the store or waits with its message
        /// queued) and `WorkContext.send` (an intent from the work).
        case dispatch(Int)
        case sendFromWork(Int)
    }

    /// What executing an intent does to the store, on the drainer (a re-entrant call).
    enum Execution: Hashable, Sendable {
        /// Sends another intent: it queues behind the current one.
        case sends(Int)
        /// Starts the async work at this index (`context.run`): the slot is reserved, the task
        /// made (it may run at once), then registered.
        case startsWork(Int)
        /// Cancels the work with this id (`context.cancel(id:)`).
        case cancelsWork(String)
    }

    /// Async work an intent starts: its id, whether it cancels earlier work with the same id,
    /// and what its operation does. Its task returns after the last operation.
    struct AsyncWork: Sendable {
        var id: String?
        var cancelInFlight = false
        var operations: [Operation]
    }

    /// A deliberate defect, so that a test can show the checker finds it.
    enum Mutation: Sendable {
        case none
        /// The drainer gives back lent intents behind the queue instead of in front of it.
        case takeBackBehindTheQueue
        /// Holding and cancelling forget to recall the intents lent to the drainer.
        case lentIntentsNotRecalled
        /// A drainer hands over after its fair share but starts no task to drain the rest.
        case handOverWithoutTask
        /// The drainer never hands over (the fair share is not kept).
        case fairShareIgnored
        /// Resuming queues no restore of the live state.
        case resumeWithoutRestore
        /// The scheduler takes the sender admitted to the room an input freed, but never
        /// resumes it.
        case admittedSenderNotResumed
        /// Cancelling the store forgets the senders waiting for room.
        case cancelForgetsWaitingSenders
    }

    var name: String
    /// The actors outside the store (threads, time travel, whoever cancels), by name.
    var actors: [(name: String, operations: [Operation])]
    var executions: [Int: Execution] = [:]
    var works: [AsyncWork] = []
    /// Whether the store is started before the actors begin (as `Store(..., start: true)`).
    var startsStarted = true
    /// How many queued items a drainer processes before it hands over (1,024 in the store).
    var fairShare = 2
    /// How many intents a drainer borrows at once (32 in the store).
    var lendingCapacity = 2
    /// The store's `pendingInputLimit`: `nil` for unbounded.
    var inputLimit: Int?
    var mutation = Mutation.none

    /// The ids of the intents sent from outside the store (`send`, `sendWaitingForRoom`):
    /// those a bounded store keeps within its bound.
    var outsideInputIDs: Set<Int> {
        var ids: Set<Int> = []
        for (_, operations) in actors {
            for operation in operations {
                switch operation {
                case .send(let id), .sendWaitingForRoom(let id): ids.insert(id)
                default: break
                }
            }
        }
        return ids
    }

    /// The ids of the work ids named anywhere, in a fixed order (for the state's encoding).
    var workIDs: [String] {
        var ids: [String] = []
        for work in works { if let id = work.id, !ids.contains(id) { ids.append(id) } }
        for (_, operations) in actors {
            for case .cancelWork(let id) in operations where !ids.contains(id) { ids.append(id) }
        }
        for case .cancelsWork(let id) in executions.values where !ids.contains(id) { ids.append(id) }
        return ids
    }
}
