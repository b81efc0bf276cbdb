/// What ``Feature/execute(_:_:)`` and ``Feature/bootstrap(_:)`` use to act: the one context a
/// feature's `execute` meets, whether the feature runs on a store of its own or inside a
/// parent, as a child.
///
/// Everything here is synchronous and happens in order on the thread processing the intent:
/// ``dispatch(_:fileID:line:)`` reduces at once, so ``state`` always reflects every message dispatched so
/// far. The context is valid only during the call; it is not `Sendable`, so it cannot
/// escape into a task by accident. For async work, use ``run(id:cancelInFlight:priority:_:)``,
/// whose operation gets a ``WorkContext``.
///
/// Inside a parent (a child listed in the parent's ``Feature/childScopes``), ``state`` is the
/// child's state, ``dispatch(_:fileID:line:)`` reduces the child's message through the parent's,
/// ``post(_:fileID:line:)`` routes the side effect as the parent's ``ChildScope`` says, and work started
/// with ``run(id:cancelInFlight:priority:_:)`` is owned by the parent's store under an id
/// namespaced by the child, so that it ends when the child leaves the parent's state.
public struct StoreContext<F: Feature> {
    /// The feature's own store; `nil` inside a parent.
    ///
    /// Exactly one of `core` and `link` is set (each initializer sets one), so where `link` is
    /// `nil`, `core.unsafelyUnwrapped` is the store. Read that way rather than bound with
    /// `if let core` or `switch` on an enum of the two: a binding made every intent retain and
    /// release the store, a third of a plain send (budgets.tsv: send-1sub).
    @usableFromInline let core: StoreCore<F>?
    /// Inside a parent, the link its `forward` made; `nil` on a store of its own.
    @usableFromInline let link: ChildLink<F>?

    @inlinable init(core: StoreCore<F>) {
        self.core = core
        self.link = nil
    }

    @inlinable init(link: @escaping ChildLink<F>) {
        self.core = nil
        self.link = link
    }

    /// Does what `request` asks: inside a parent, through the link, whose answer a request
    /// of this kind does not need; on a store of its own, by `onStore` with the store. The
    /// one place that tells the two apart for the context's actions (``state`` and
    /// ``storeName`` read the link's answer).
    @inlinable @inline(__always) func ask(
        _ request: @autoclosure () -> ChildRequest<F>, onStore: (StoreCore<F>) -> Void
    ) {
        if let link {
            _ = link(request())
        } else {
            onStore(core.unsafelyUnwrapped)
        }
    }

    /// The current state (the child's, inside a parent), including every message dispatched
    /// so far.
    @inlinable public var state: F.State {
        // A getter, not a `_read` coroutine: with a yield on each branch, the coroutine's
        // frame was allocated on every read that was not inlined.
        guard let link else { return core.unsafelyUnwrapped.drainerState }
        guard case .state(let state) = link(.state) else {
            preconditionFailure("a link answers .state")  // `forward` makes every link; it answers in kind
        }
        return state
    }

    /// The name of the store that runs the feature.
    @inlinable public var storeName: String {
        guard let link else { return core.unsafelyUnwrapped.name }
        guard case .storeName(let name) = link(.storeName) else {
            preconditionFailure("a link answers .storeName")  // `forward` makes every link; it answers in kind
        }
        return name
    }

    /// Reduces a message now and publishes the new state.
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - fileID: Where it is dispatched, for time travel's causal trace (leave the default).
    ///   - line: Where it is dispatched (leave the default).
    @inlinable @inline(__always) public func dispatch(
        _ message: F.Message, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        // Always inlined: with the call site's arguments, `dispatch` was no longer inlined
        // into a feature's `execute` (budgets.tsv: timetravel-idle).
        dispatch(message, at: CallSite(fileID: fileID, line: line))
    }

    /// ``dispatch(_:fileID:line:)`` with the call site made.
    @inlinable @inline(__always) func dispatch(_ message: F.Message, at site: CallSite) {
        // ``ask(_:onStore:)`` spelt out, and always inlined: through its closure, `apply` was
        // called out of line from a hooked store's `execute` (budgets.tsv: send-1sub-flight).
        if let link {
            _ = link(.dispatch(message))
        } else {
            core.unsafelyUnwrapped.apply(message, site)
        }
    }

    /// Posts a one-shot side effect: on a store of its own, delivered according to the
    /// store's ``SideEffectPolicy``; inside a parent, routed as its ``ChildScope`` says.
    ///
    /// - Parameters:
    ///   - sideEffect: The side effect.
    ///   - fileID: Where it is posted, for time travel's causal trace (leave the default).
    ///   - line: Where it is posted (leave the default).
    @inlinable @inline(__always) public func post(
        _ sideEffect: F.SideEffect, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        post(sideEffect, at: CallSite(fileID: fileID, line: line))
    }

    /// ``post(_:fileID:line:)`` with the call site made.
    @inlinable func post(_ sideEffect: F.SideEffect, at site: CallSite) {
        ask(.post(sideEffect)) { $0.deliver(sideEffect, site) }
    }

    /// Sends another intent; it is processed after the current one finishes.
    ///
    /// It is the store's own input: a store's ``Store/pendingInputLimit`` counts it but never
    /// drops it, so a feature's follow-up intents are not lost to outside senders' load.
    ///
    /// - Parameters:
    ///   - intent: The intent.
    ///   - fileID: Where it is sent, for time travel's causal trace (leave the default).
    ///   - line: Where it is sent (leave the default).
    @inlinable @inline(__always) public func send(
        _ intent: F.Intent, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        send(intent, at: CallSite(fileID: fileID, line: line))
    }

    /// ``send(_:fileID:line:)`` with the call site made.
    @inlinable func send(_ intent: F.Intent, at site: CallSite) {
        ask(.send(intent)) { $0.sendFromExecute(intent, site: site) }
    }

    /// Starts async work owned by the store.
    ///
    /// The work is cancelled when the store is cancelled or released, when ``cancel(id:)`` names
    /// its `id`, or, with `cancelInFlight`, when a later run with the same `id` starts (latest
    /// wins, for search-as-you-type); inside a parent, also when the child leaves the parent's
    /// state. An error it throws goes to the store's error handler; `CancellationError` is not
    /// a failure. Once cancelled, its dispatches and posts are ignored, so stale results never
    /// reach the state.
    ///
    /// - Parameters:
    ///   - id: Names the work for cancellation. `nil` for work nobody cancels by name. Inside
    ///     a parent it is namespaced by the child, so two rows may use the same id.
    ///   - cancelInFlight: Cancel earlier work with the same `id` first.
    ///   - priority: The task's priority.
    ///   - operation: The work. Its context dispatches messages and posts side effects.
    @inlinable public func run(
        id: (any Hashable & Sendable)? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (WorkContext<F>) async throws -> Void
    ) {
        // Not through `ask`: its closure, capturing the operation, was allocated on every run
        // of a child's work (budgets.tsv: child-in-10-working).
        if let link {
            _ = link(
                .run(
                    id: id, cancelInFlight: cancelInFlight, onlyIfIdle: false, priority: priority, operation: operation)
            )
        } else {
            core.unsafelyUnwrapped.run(
                id: TaskID.optional(id), cancelInFlight: cancelInFlight, priority: priority, operation: operation)
        }
    }

    /// ``run(id:cancelInFlight:priority:_:)``, or nothing while work with the same `id` runs:
    /// what ``throttle(id:for:clock:priority:_:)`` starts its runs with.
    @usableFromInline func runIfIdle(
        id: some Hashable & Sendable,
        priority: TaskPriority?,
        _ operation: @escaping @Sendable (WorkContext<F>) async throws -> Void
    ) {
        ask(.run(id: id, cancelInFlight: false, onlyIfIdle: true, priority: priority, operation: operation)) { core in
            // Runs start only here, on the thread processing intents, so the check and the
            // start do not race another call; a run ending at this moment may still drop this one.
            let taskID = TaskID(id)
            guard !core.hasTask(id: taskID) else { return }
            core.run(id: taskID, cancelInFlight: false, priority: priority, operation: operation)
        }
    }

    /// Cancels all running work started with this `id` (inside a parent, this child's).
    public func cancel(id: some Hashable & Sendable) {
        ask(.cancel(id)) { $0.cancelTasks(id: TaskID(id)) }
    }

    /// Cancels every running work whose id (as the store sees it) `matches`.
    @usableFromInline func cancelWork(where matches: @escaping @Sendable (AnyHashable) -> Bool) {
        ask(.cancelWork(matches)) { core in core.cancelTasks { matches($0.base) } }
    }
}

@available(*, unavailable, message: "A store context is valid only during execute; use run for async work")
extension StoreContext: Sendable {}
