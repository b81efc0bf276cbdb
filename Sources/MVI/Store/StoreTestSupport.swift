import Synchronization

/// What a test harness attaches to a store: the executor its async work runs on, and
/// observers of its failures. Apps never create one; a store without it pays one empty
/// pointer and one atomic load per `run` and per failure.
@usableFromInline
package final class StoreTestSupport: Sendable {
    /// The executor the store's async work prefers (a task executor preference, inherited
    /// by child tasks); `nil` leaves it on the global executor.
    @usableFromInline package let taskExecutor: (any TaskExecutor)?
    private let failureObservers = Locked<(next: Int, byID: [Int: @Sendable (StoreError) -> Void])>((0, [:]))

    /// Creates the support; `taskExecutor` runs the store's async work.
    package init(taskExecutor: (any TaskExecutor)? = nil) {
        self.taskExecutor = taskExecutor
    }

    /// Calls `observer` with every failure the store reports from now on, on the reporting
    /// thread, until the returned id is passed to ``stopObservingFailures(_:)``.
    package func observeFailures(_ observer: @escaping @Sendable (StoreError) -> Void) -> Int {
        failureObservers.withLock { observers in
            observers.next += 1
            observers.byID[observers.next] = observer
            return observers.next
        }
    }

    /// Stops an observer started by ``observeFailures(_:)``.
    package func stopObservingFailures(_ id: Int) {
        failureObservers.withLock { _ = $0.byID.removeValue(forKey: id) }
    }

    /// Shows a reported failure to the failure observers.
    func failed(_ error: StoreError) {
        let observers = failureObservers.withLock { Array($0.byID.values) }
        for observer in observers { observer(error) }
    }
}
