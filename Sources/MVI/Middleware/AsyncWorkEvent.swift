/// The start or the end of one piece of async work a store owns (started with `run`), as
/// middleware that sets ``Middleware/observesAsyncWork`` sees it.
///
/// Work events are not part of the ordered event stream: ``Phase/started`` is told on the
/// thread that calls `run` (inside `execute` for work an intent starts, before `run`
/// returns), the end on the work's own task, after its last message or side effect was
/// handed to the store. Pair a start with its end by ``work``.
public struct AsyncWorkEvent: Sendable {
    /// Where the work is in its life.
    public enum Phase: Sendable, Hashable {
        /// `run` was called and the work was accepted (a store that ended accepts none).
        case started
        /// The operation returned.
        case finished
        /// The operation threw an error other than cancellation (the error is also reported
        /// to the store's error handler, and to middleware as a ``StoreEvent/failure(_:)``).
        case failed
        /// The work was cancelled (by `cancel(id:)`, `cancelInFlight`, a child going away or
        /// the store's end) and has returned or thrown since.
        case cancelled
    }

    /// Where the work is in its life.
    public let phase: Phase
    /// Identifies the work among the store's, from its start to its end.
    public let work: Int
    /// The work that started this one from its own operation, or `nil` when `execute` or
    /// `bootstrap` started it. Set on ``Phase/started`` only.
    public let parentWork: Int?
    @usableFromInline let taskID: TaskID?
    @usableFromInline let core: any AsyncWorkEventSource

    @usableFromInline
    init(phase: Phase, work: Int, parentWork: Int?, id: TaskID?, core: any AsyncWorkEventSource) {
        self.phase = phase
        self.work = work
        self.parentWork = parentWork
        self.taskID = id
        self.core = core
    }

    /// The id the work was started with, as text; `nil` for work started without one.
    public var id: String? { taskID?.description }

    /// The name of the store.
    public var storeName: String { core.storeName }

    /// The store's identity, for add-ons in the package that keep something per store
    /// (the same as ``MiddlewareContext``'s).
    package var storeID: ObjectIdentifier { ObjectIdentifier(core) }
}

/// The store behind an ``AsyncWorkEvent``, generic over nothing so that the event is too.
@usableFromInline
protocol AsyncWorkEventSource: AnyObject, Sendable {
    var storeName: String { get }
}
