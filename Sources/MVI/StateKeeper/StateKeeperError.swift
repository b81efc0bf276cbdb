/// Why a ``StateKeeper`` could not restore or save a state.
///
/// A keeper that fails to restore hands this to the store's error handler (wrapped in a
/// ``StoreError`` with origin `.addOn("state keeper")`) and the store starts from its initial
/// state. A saved file that cannot be read is moved aside, never overwritten or deleted;
/// ``movedAsideTo`` says where.
public struct StateKeeperError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable {
        /// The saved bytes end early: an empty file, or JSON cut off in the middle.
        case truncated
        /// The saved bytes are not JSON.
        case notJSON
        /// The saved bytes are JSON, but not a saved state of the expected type.
        case schemaMismatch(any Error)
        /// The saved state has a version this keeper cannot read: newer than its own, or
        /// older with no migration for it.
        case unknownVersion(found: Int, supported: Int)
        /// The migration hook threw while converting a saved state of an older version.
        case migrationFailed(from: Int, any Error)
        /// The state could not be encoded.
        case encodingFailed(any Error)
        /// The storage failed to read, write or move the saved state.
        case storageFailed(any Error)
        /// Saving is off for this key because a bad saved state could not be moved aside,
        /// and overwriting it would lose it.
        case savingDisabled
    }

    /// The key of the saved state.
    public let key: String
    /// What went wrong.
    public let reason: Reason
    /// Where the unreadable saved state was moved, as the storage names it, or `nil` if
    /// nothing was moved.
    public let movedAsideTo: String?

    /// Creates an error.
    public init(key: String, reason: Reason, movedAsideTo: String? = nil) {
        self.key = key
        self.reason = reason
        self.movedAsideTo = movedAsideTo
    }

    /// A one-line description, naming the key, the reason and where the file went.
    public var description: String {
        let text: String
        switch reason {
        case .truncated: text = "saved state is truncated"
        case .notJSON: text = "saved state is not JSON"
        case .schemaMismatch(let error): text = "saved state has another schema: \(error)"
        case .unknownVersion(let found, let supported):
            text = "saved state has version \(found), this keeper reads version \(supported)"
        case .migrationFailed(let from, let error): text = "migration from version \(from) failed: \(error)"
        case .encodingFailed(let error): text = "state could not be encoded: \(error)"
        case .storageFailed(let error): text = "storage failed: \(error)"
        case .savingDisabled: text = "saving is off: a bad saved state could not be moved aside"
        }
        let moved = movedAsideTo.map { "; moved aside to \($0)" } ?? ""
        return "\"\(key)\": \(text)\(moved)"
    }
}
