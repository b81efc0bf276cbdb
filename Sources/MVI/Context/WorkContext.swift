/// What async work started with ``StoreContext/run(id:cancelInFlight:priority:_:)`` uses to
/// act: the one context a feature's async work meets, whether the feature runs on a store of
/// its own or inside a parent.
///
/// ``dispatch(_:fileID:line:)`` returns once the message is reduced, so ``state`` read afterwards
/// reflects it.
///
/// The context belongs to its work. Once the work is cancelled (by id, by a later run with
/// `cancelInFlight`, with the store, or, inside a parent, with the child), what it dispatches,
/// posts or sends is dropped, and the store decides that when it would apply the input, so a
/// result that was already on its way is dropped too. A child's message is never applied to
/// a child that has gone away. A context used after its work has returned (captured by
/// another task) is a misuse: its input is dropped and reported to the store's error handler
/// as ``StoreMisuse/contextUsedAfterWorkEnded(_:)``.
public struct WorkContext<F: Feature>: Sendable {
    @usableFromInline enum Storage: Sendable {
        /// The feature's own store, and the token of the work this context belongs to.
        case store(StoreCore<F>, work: Int)
        /// A parent's work context, seen through a child's scope.
        case child(any WorkBackend<F>)
    }

    @usableFromInline let storage: Storage

    @usableFromInline init(core: StoreCore<F>, work: Int) {
        storage = .store(core, work: work)
    }

    @usableFromInline init(_ backend: any WorkBackend<F>) {
        storage = .child(backend)
    }

    /// The current state (the child's, inside a parent; if the child has gone away, the
    /// state it had when this work started).
    public var state: F.State {
        switch storage {
        case .store(let core, _): core.state
        case .child(let backend): backend.state
        }
    }

    /// The name of the store that runs the feature.
    public var storeName: String {
        switch storage {
        case .store(let core, _): core.name
        case .child(let backend): backend.storeName
        }
    }

    /// Reduces a message, in order with the store's other input, and returns once it is
    /// reduced. Dropped if the work is cancelled before the message is applied, the child has
    /// gone away, or the store has ended.
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - fileID: Where it is dispatched, for time travel's causal trace (leave the default).
    ///   - line: Where it is dispatched (leave the default).
    @inlinable public func dispatch(
        _ message: F.Message, fileID: StaticString = #fileID, line: UInt = #line
    ) async {
        await dispatch(message, at: CallSite(fileID: fileID, line: line))
    }

    /// ``dispatch(_:fileID:line:)`` with the call site made.
    @inlinable func dispatch(_ message: F.Message, at site: CallSite) async {
        switch storage {
        case .store(let core, let work):
            guard !Task.isCancelled else { return }
            await core.dispatchFromWork(message, work: work, site: site)
        case .child(let backend): await backend.dispatch(message, at: site)
        }
    }

    /// Posts a side effect, in order with the work's messages. Dropped if the work is
    /// cancelled before it is delivered, the child has gone away, or the store has ended.
    ///
    /// - Parameters:
    ///   - sideEffect: The side effect.
    ///   - fileID: Where it is posted, for time travel's causal trace (leave the default).
    ///   - line: Where it is posted (leave the default).
    public func post(_ sideEffect: F.SideEffect, fileID: StaticString = #fileID, line: UInt = #line) async {
        await post(sideEffect, at: CallSite(fileID: fileID, line: line))
    }

    /// ``post(_:fileID:line:)`` with the call site made.
    func post(_ sideEffect: F.SideEffect, at site: CallSite) async {
        switch storage {
        case .store(let core, let work):
            guard !Task.isCancelled else { return }
            await core.postFromWork(sideEffect, work: work, site: site)
        case .child(let backend): await backend.post(sideEffect, at: site)
        }
    }

    /// Sends an intent to the store, as a view would. Dropped if the work is cancelled, the
    /// child has gone away, or the store has ended.
    ///
    /// - Parameters:
    ///   - intent: The intent.
    ///   - fileID: Where it is sent, for time travel's causal trace (leave the default).
    ///   - line: Where it is sent (leave the default).
    public func send(_ intent: F.Intent, fileID: StaticString = #fileID, line: UInt = #line) {
        send(intent, at: CallSite(fileID: fileID, line: line))
    }

    /// ``send(_:fileID:line:)`` with the call site made.
    func send(_ intent: F.Intent, at site: CallSite) {
        switch storage {
        case .store(let core, let work):
            guard !Task.isCancelled else { return }
            core.sendFromWork(intent, work: work, site: site)
        case .child(let backend): backend.send(intent, at: site)
        }
    }

    /// Starts further async work owned by the store (see ``StoreContext/run(id:cancelInFlight:priority:_:)``).
    @inlinable public func run(
        id: (any Hashable & Sendable)? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (WorkContext<F>) async throws -> Void
    ) {
        switch storage {
        case .store(let core, let work):
            core.run(
                id: TaskID.optional(id), cancelInFlight: cancelInFlight, priority: priority, parentWork: work,
                operation: operation)
        case .child(let backend):
            backend.run(id: id, cancelInFlight: cancelInFlight, priority: priority, operation)
        }
    }

    /// Cancels all running work started with this `id` (inside a parent, this child's).
    public func cancel(id: some Hashable & Sendable) {
        switch storage {
        case .store(let core, _): core.cancelTasks(id: TaskID(id))
        case .child(let backend): backend.cancel(id: id)
        }
    }

    /// Cancels every running work whose id (as the store sees it) `matches`.
    func cancelWork(where matches: @escaping @Sendable (AnyHashable) -> Bool) {
        switch storage {
        case .store(let core, _): core.cancelTasks { matches($0.base) }
        case .child(let backend): backend.cancelWork(where: matches)
        }
    }
}
