import MVI

/// Why a ``StateKeeper`` could not restore or save a state.
///
/// A keeper that fails to restore hands this to the store's error handler (wrapped in a
/// `StoreError` with origin `.addOn("state keeper")`) and the store starts from its initial
/// state. A saved state is never overwritten or deleted because it could not be used: bad
/// contents are moved aside (``movedAsideTo`` says where); a saved state the storage could
/// not read at all stays where it is, and saving is refused
/// (``Reason/savingRefused(readFailure:)``) until a load succeeds or you call
/// ``StateKeeper/clear()``.
///
/// A ``StateStorage`` may throw this error itself to give a precise reason
/// (``FileStateStorage`` does for ``Reason/tooLarge(limit:)`` and
/// ``Reason/notARegularFile``); the keeper passes it on as it is.
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
        /// The saved state's `version` is a JSON number that is not a version: not a whole
        /// number (`1.5`), or beyond `Int` (`2^63`, `1e400`). `found` is the number's text
        /// as saved (cut after 40 characters).
        case invalidVersion(found: String, supported: Int)
        /// The migration hook threw while converting a saved state of an older version.
        case migrationFailed(from: Int, any Error)
        /// The saved state decoded, but the keeper's restore closure rejected it by throwing
        /// (an invariant it breaks, such as two items with the same id); the error is the one
        /// it threw.
        case rejected(any Error)
        /// The state could not be encoded.
        case encodingFailed(any Error)
        /// The storage failed to read, write or move the saved state. After a failed read
        /// the saved state stays where it is and saving is refused
        /// (``savingRefused(readFailure:)``).
        case storageFailed(any Error)
        /// The saved state is larger than the storage accepts (``FileStateStorage/maxBytes``):
        /// it is not read, and a state that large is not written.
        case tooLarge(limit: Int)
        /// What is saved under the key is not a regular file: a FIFO, a device, a
        /// directory, or a link to one of them. It is not read (a FIFO would block, a device
        /// would never end).
        case notARegularFile
        /// Saving is refused: the saved state could not be read (`readFailure` says why, as
        /// the load reported it), so it may hold data the store does not have, and a save
        /// would overwrite it. It stays as it is until a load of the key succeeds or
        /// ``StateKeeper/clear()`` removes it.
        case savingRefused(readFailure: any Error)
        /// Saving is refused because a bad saved state could not be moved aside, and
        /// overwriting it would lose it. Until a load of the key succeeds (it moves the bad
        /// state aside again) or ``StateKeeper/clear()`` removes it.
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
    init(key: String, reason: Reason, movedAsideTo: String? = nil) {
        self.key = key
        self.reason = reason
        self.movedAsideTo = movedAsideTo
    }

    /// A one-line description, naming the key, the reason and where the file went.
    public var description: String {
        let moved = movedAsideTo.map { "; moved aside to \($0)" } ?? ""
        return "\"\(key)\": \(reason)\(moved)"
    }
}

extension StateKeeperError.Reason: CustomStringConvertible {
    /// What went wrong, in words: `saved state is truncated`.
    public var description: String {
        switch self {
        case .truncated: "saved state is truncated"
        case .notJSON: "saved state is not JSON"
        case .schemaMismatch(let error): "saved state has another schema: \(error)"
        case .unknownVersion(let found, let supported):
            "saved state has version \(found), this keeper reads version \(supported)"
        case .invalidVersion(let found, let supported):
            "saved state has version \(found), not a version number this keeper can read"
                + " (a whole number; it reads version \(supported))"
        case .migrationFailed(let from, let error): "migration from version \(from) failed: \(error)"
        case .rejected(let error): "saved state was rejected: \(error)"
        case .encodingFailed(let error): "state could not be encoded: \(error)"
        case .storageFailed(let error): "storage failed: \(error)"
        case .tooLarge(let limit): "saved state is larger than the limit of \(limit) bytes"
        case .notARegularFile: "saved state is not a regular file"
        case .savingRefused(let failure):
            "saving is refused: the saved state could not be read (\(failure)) and is kept"
        case .savingDisabled: "saving is refused: a bad saved state could not be moved aside"
        }
    }
}

extension StateKeeperError: SharedStorageRefusal {
    /// Whether saving was refused because a saved state that could not be read is kept.
    package var refusesSaving: Bool {
        switch reason {
        case .savingRefused, .savingDisabled: true
        default: false
        }
    }
}
