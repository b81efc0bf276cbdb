import Synchronization

/// What a test harness attaches to a store: the executor its async work runs on, and
/// watchers of its failures. Apps never create one; a store without it pays one empty
/// pointer and one atomic load per `run` and per failure.
@usableFromInline
package final class StoreTestSupport: Sendable {
    /// The executor the store's async work prefers (a task executor preference, inherited
    /// by child tasks); `nil` leaves it on the global executor.
    @usableFromInline package let taskExecutor: (any TaskExecutor)?
    private let watchers = StoreLock<(next: Int, byID: [Int: @Sendable (StoreError) -> Void])>((0, [:]))

    /// Creates the support; `taskExecutor` runs the store's async work.
    package init(taskExecutor: (any TaskExecutor)? = nil) {
        self.taskExecutor = taskExecutor
    }

    /// Calls `watcher` with every failure the store reports from now on, on the reporting
    /// thread, until the returned id is passed to ``stopWatching(_:)``.
    package func watchFailures(_ watcher: @escaping @Sendable (StoreError) -> Void) -> Int {
        watchers.withLock { watchers in
            watchers.next += 1
            watchers.byID[watchers.next] = watcher
            return watchers.next
        }
    }

    /// Stops a watcher started by ``watchFailures(_:)``.
    package func stopWatching(_ id: Int) {
        watchers.withLock { _ = $0.byID.removeValue(forKey: id) }
    }

    func failed(_ error: StoreError) {
        let watchers = watchers.withLock { Array($0.byID.values) }
        for watcher in watchers { watcher(error) }
    }
}

extension StoreCore {
    /// The executor async work starts on: the test support's, or `nil` for the default.
    @inlinable var preferredTaskExecutor: (any TaskExecutor)? {
        testSupport.load()?.taskExecutor
    }

    /// Shows a reported failure to the test support's watchers, if any.
    @inline(__always) func showFailureToTestSupport(_ error: StoreError) {
        testSupport.load()?.failed(error)
    }
}

extension Store {
    /// Attaches `support` to the store, unless some support is attached already, and returns
    /// the one in place. Attach an executor before ``start()``: work started earlier keeps
    /// the global executor.
    package func attachTestSupport(_ support: StoreTestSupport) -> StoreTestSupport {
        core.testSupport.storeIfNil(support)
    }
}

extension Store {
    /// The ids of the tasks the store owns right now, `nil` for work started without one; for
    /// test reports that name the work still running.
    package var runningTaskDescriptions: [String?] {
        core.withMachine { $0.tasks.values.map { $0.id?.description } }
    }
}
