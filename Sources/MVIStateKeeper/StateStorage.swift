/// Where a ``StateKeeper`` puts saved states: bytes by key.
///
/// Small on purpose, so that an app can put it on UserDefaults, a keychain, SQLite or a
/// server. Two storages come with the library: ``InMemoryStateStorage`` for tests and
/// ``FileStateStorage``, one JSON file per key written atomically.
///
/// Calls may come from any thread, one at a time per key: a keeper serializes its own
/// reads and writes. A storage should make ``save(_:for:)`` atomic (after a crash, a load
/// returns the old bytes or the new ones, never a mix).
public protocol StateStorage: Sendable {
    /// The bytes saved under `key`, or `nil` if there are none.
    ///
    /// Throw when what is saved cannot be read, rather than returning `nil`: a ``StateKeeper``
    /// then keeps it as it is and refuses to save over it until a load succeeds or the app
    /// clears it. Returning `nil` says there is nothing to lose. Throw a ``StateKeeperError``
    /// to give the keeper a precise reason; any other error reaches it as
    /// ``StateKeeperError/Reason/storageFailed(_:)``.
    func load(_ key: String) throws -> [UInt8]?

    /// Saves `bytes` under `key`, replacing what was there.
    func save(_ bytes: [UInt8], for key: String) throws

    /// Removes what is saved under `key`, if anything.
    func remove(_ key: String) throws

    /// Moves what is saved under `key` out of the way, keeping it for inspection, and
    /// returns a name for where it went (`nil` if nothing was saved). It must not overwrite
    /// anything moved aside before.
    func moveAside(_ key: String) throws -> String?
}
