/// The store's failures: reported to its handler, the hook and middleware.
extension StoreCore {
    /// Reports a failure from the draining thread.
    func reportFromDrainer(_ error: StoreError) {
        errorHandler(error)
        if hasHook { hookFailed(error) }
        if wants(.failure) { emit(.failure(error)) }
    }

    /// Reports a failure from any thread: the handler is called at once, middleware and the
    /// hook see it in order through the pipeline.
    @usableFromInline package func report(_ error: StoreError) {
        errorHandler(error)
        showFailureToTestSupport(error)
        if wants(.failure) || hasHook { submit(.failure(error)) }
    }
}
