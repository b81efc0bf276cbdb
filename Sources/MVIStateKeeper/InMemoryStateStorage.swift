import MVI

/// A ``StateStorage`` in memory, for tests and previews. It counts writes, so a test can
/// check that saves are coalesced.
public final class InMemoryStateStorage: StateStorage {
    private struct Contents {
        var entries: [String: [UInt8]] = [:]
        var saveCount = 0
        var movedAside = 0
    }

    private let contents: Locked<Contents>

    /// Creates a storage holding `entries`.
    public init(_ entries: [String: [UInt8]] = [:]) {
        contents = Locked(Contents(entries: entries))
    }

    /// The bytes saved under `key`.
    public func load(_ key: String) -> [UInt8]? {
        contents.withLock { $0.entries[key] }
    }

    /// Saves the bytes and counts the write.
    public func save(_ bytes: [UInt8], for key: String) {
        contents.withLock {
            $0.entries[key] = bytes
            $0.saveCount += 1
        }
    }

    /// Removes the bytes under `key`.
    public func remove(_ key: String) {
        _ = contents.withLock { $0.entries.removeValue(forKey: key) }
    }

    /// Moves the bytes to `key.corrupt-<n>`, where `n` counts moves in this storage.
    public func moveAside(_ key: String) -> String? {
        contents.withLock { contents -> String? in
            guard let bytes = contents.entries.removeValue(forKey: key) else { return nil }
            contents.movedAside += 1
            let name = "\(key).corrupt-\(contents.movedAside)"
            contents.entries[name] = bytes
            return name
        }
    }

    /// How many times ``save(_:for:)`` was called.
    public var saveCount: Int {
        contents.withLock { $0.saveCount }
    }

    /// Every key with saved bytes, sorted.
    public var keys: [String] {
        contents.withLock { $0.entries.keys.sorted() }
    }
}
