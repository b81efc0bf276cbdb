/// What the store makes of input from async work, decided under the lock.
@usableFromInline
enum WorkLiveness: Sendable, Equatable {
    /// The work runs and was not cancelled: its input is applied.
    case live
    /// The work was cancelled, or the store: its input is dropped quietly (latest wins).
    case cancelled
    /// The work has returned, but its context is still used (it escaped into another task):
    /// the input is dropped and the misuse reported.
    case ended
}
