extension StoreCore {
    /// The executor async work starts on: the test support's, or `nil` for the default.
    @inlinable var preferredTaskExecutor: (any TaskExecutor)? {
        testSupport.load()?.taskExecutor
    }

    /// Shows a reported failure to the test support's failure observers, if any.
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
        core.runningTaskDescriptions
    }
}
