extension StoreLock {
    /// Runs `body` holding the lock, for a body that throws one error type.
    ///
    /// ``withLock(_:)`` rethrows untyped errors; the typed error rides out of the lock in a
    /// `Result` instead, so a caller that throws `Failure` keeps throwing `Failure`.
    @inlinable package borrowing func withLockThrowing<T: Sendable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> T
    ) throws(Failure) -> T {
        try withLock { value in Result { () throws(Failure) in try body(&value) } }.get()
    }
}
