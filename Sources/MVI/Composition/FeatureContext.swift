/// What a ``ComposableFeature``'s `execute` uses to act, on its own store or as a child.
///
/// It offers what ``StoreContext`` offers. On a store of its own it forwards to the store's
/// context; inside a parent, ``state`` is the child's state, ``dispatch(_:)`` reduces the
/// child's message through the parent's, ``post(_:)`` routes the side effect as the parent's
/// ``ChildScope`` says, and work started with ``run(id:cancelInFlight:priority:_:)`` is owned
/// by the parent's store under an id namespaced by the child, so that the parent can cancel
/// all of a child's work when the child goes away.
///
/// Like ``StoreContext``, it is valid only during the call and is not `Sendable`.
public struct FeatureContext<F: Feature> {
    @usableFromInline enum Storage {
        /// The feature's own store.
        case store(StoreContext<F>)
        /// A parent, through the link its `forward` made.
        case child(ChildLink<F>)
    }

    @usableFromInline let storage: Storage

    /// Wraps a store's context, for a feature that runs on a store of its own.
    @inlinable public init(_ context: StoreContext<F>) {
        storage = .store(context)
    }

    @inlinable init(link: @escaping ChildLink<F>) {
        storage = .child(link)
    }

    /// The current state (the child's, inside a parent), including every message dispatched
    /// so far.
    @inlinable public var state: F.State {
        switch storage {
        case .store(let context): return context.state
        case .child(let link):
            // The link is made by `forward`, which answers each request with its own kind.
            guard case .state(let state) = link(.state) else { preconditionFailure("a link answers .state") }
            return state
        }
    }

    /// The name of the store that runs the feature.
    @inlinable public var storeName: String {
        switch storage {
        case .store(let context): return context.storeName
        case .child(let link):
            // The link is made by `forward`, which answers each request with its own kind.
            guard case .storeName(let name) = link(.storeName) else {
                preconditionFailure("a link answers .storeName")
            }
            return name
        }
    }

    /// Reduces a message now and publishes the new state.
    @inlinable public func dispatch(_ message: F.Message) {
        switch storage {
        case .store(let context): context.dispatch(message)
        case .child(let link): _ = link(.dispatch(message))
        }
    }

    /// Posts a one-shot side effect (inside a parent: routed as its ``ChildScope`` says).
    @inlinable public func post(_ sideEffect: F.SideEffect) {
        switch storage {
        case .store(let context): context.post(sideEffect)
        case .child(let link): _ = link(.post(sideEffect))
        }
    }

    /// Sends another intent; it is processed after the current one finishes.
    @inlinable public func send(_ intent: F.Intent) {
        switch storage {
        case .store(let context): context.send(intent)
        case .child(let link): _ = link(.send(intent))
        }
    }

    /// Starts async work owned by the store, as ``StoreContext/run(id:cancelInFlight:priority:_:)``.
    ///
    /// - Parameters:
    ///   - id: Names the work for cancellation. Inside a parent it is namespaced by the child,
    ///     so two rows may use the same id.
    ///   - cancelInFlight: Cancel earlier work with the same `id` first.
    ///   - priority: The task's priority.
    ///   - operation: The work.
    public func run(
        id: (any Hashable & Sendable)? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (FeatureWorkContext<F>) async throws -> Void
    ) {
        run(id: id, cancelInFlight: cancelInFlight, onlyIfIdle: false, priority: priority, operation)
    }

    /// ``run(id:cancelInFlight:priority:_:)``, or nothing with `onlyIfIdle` while work with
    /// the same `id` runs: the one way work starts, on a store of its own or through parents.
    func run(
        id: (any Hashable & Sendable)?,
        cancelInFlight: Bool,
        onlyIfIdle: Bool,
        priority: TaskPriority?,
        _ operation: @escaping @Sendable (FeatureWorkContext<F>) async throws -> Void
    ) {
        switch storage {
        case .store(let context):
            if onlyIfIdle, let id, context.core.hasTask(id: TaskID(id)) { return }
            context.run(id: id, cancelInFlight: cancelInFlight, priority: priority) { work in
                try await operation(FeatureWorkContext(StoreWorkBackend(work)))
            }
        case .child(let link):
            _ = link(
                .run(
                    id: id, cancelInFlight: cancelInFlight, onlyIfIdle: onlyIfIdle, priority: priority,
                    operation: operation))
        }
    }

    /// Cancels all running work started with this `id`.
    public func cancel(id: some Hashable & Sendable) {
        switch storage {
        case .store(let context): context.cancel(id: id)
        case .child(let link): _ = link(.cancel(id))
        }
    }

    /// Cancels every running work whose id (as the store sees it) `matches`.
    @usableFromInline func cancelWork(where matches: @escaping @Sendable (AnyHashable) -> Bool) {
        switch storage {
        case .store(let context): context.core.cancelTasks { matches($0.base) }
        case .child(let link): _ = link(.cancelWork(matches))
        }
    }

    /// Runs `operation` now unless a run with the same `id` started less than `interval` ago
    /// (or is still running), as ``StoreContext/throttle(id:for:clock:priority:_:)``: the
    /// first call of a burst wins. Inside a parent, the id is the child's own.
    ///
    /// - Parameters:
    ///   - id: Names the work: while a run with this id holds it, calls are dropped.
    ///   - interval: The least time between two runs' starts.
    ///   - clock: The clock to measure it on.
    ///   - priority: The task's priority.
    ///   - operation: The work, as for `run`.
    public func throttle<C: Clock<Duration>>(
        id: some Hashable & Sendable,
        for interval: Duration,
        clock: C,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (FeatureWorkContext<F>) async throws -> Void
    ) {
        let deadline = clock.now.advanced(by: interval)
        run(id: id, cancelInFlight: false, onlyIfIdle: true, priority: priority) { context in
            do {
                try await operation(context)
            } catch {
                try? await clock.sleep(until: deadline, tolerance: nil)
                throw error
            }
            try await clock.sleep(until: deadline, tolerance: nil)
        }
    }

    /// Runs `operation` once calls stop coming for `duration`, as
    /// ``StoreContext/debounce(id:for:clock:priority:_:)``.
    ///
    /// - Parameters:
    ///   - id: Names the work: a call cancels the pending run with the same id.
    ///   - duration: How long calls must pause before `operation` runs.
    ///   - clock: The clock to wait on.
    ///   - priority: The task's priority.
    ///   - operation: The work, as for `run`.
    public func debounce<C: Clock<Duration>>(
        id: some Hashable & Sendable,
        for duration: Duration,
        clock: C,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (FeatureWorkContext<F>) async throws -> Void
    ) {
        let deadline = clock.now.advanced(by: duration)
        run(id: id, cancelInFlight: true, priority: priority) { context in
            try await clock.sleep(until: deadline, tolerance: nil)
            try await operation(context)
        }
    }
}

@available(*, unavailable, message: "A feature context is valid only during execute; use run for async work")
extension FeatureContext: Sendable {}
