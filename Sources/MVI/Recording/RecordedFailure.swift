/// A failure a recorder kept, by the sequence number of its event: beside the slots, so that a
/// slot holds no error (see ``RecordedInput/failure``).
@usableFromInline
package struct RecordedFailure: Sendable {
    /// The sequence number of the failure's event.
    package let sequence: UInt64
    /// What was reported to the store's error handler.
    package let error: StoreError
}

/// What a failure event shows when its error is no longer kept: a recorder keeps the newest
/// ``RecordLog/maxFailures`` errors.
struct FailureNoLongerKept: Error, CustomStringConvertible {
    var description: String { "a failure (its error is no longer kept)" }

    /// What such an event shows.
    static var error: StoreError {
        StoreError(storeName: "", origin: .addOn("time travel"), underlying: FailureNoLongerKept())
    }
}
