/// Where the last sync with the remote stands.
public enum SyncStatus: Sendable, Equatable, Codable {
    /// Never synced in this session.
    case idle
    /// Running: `done` of `total` todos sent.
    case syncing(done: Int, total: Int)
    /// The last sync sent this many todos.
    case synced(count: Int)
    /// The last sync failed, saying why.
    case failed(String)

    /// Whether a sync is running.
    public var isSyncing: Bool {
        if case .syncing = self { return true }
        return false
    }
}
