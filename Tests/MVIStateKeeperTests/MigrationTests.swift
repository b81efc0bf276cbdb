import MVI
import MVIStateKeeper
import Testing

@Suite struct MigrationTests {
    /// Version 1 kept the count under another name.
    struct StateV1: Codable, Sendable { var total: Int }

    typealias Keeper = StateKeeper<Notes.State, Notes.State>

    static func savedV1(total: Int) throws -> InMemoryStateStorage {
        let storage = InMemoryStateStorage()
        let old = StateKeeper<StateV1, StateV1>(storage: storage, key: "notes", version: 1)
        try old.save(StateV1(total: total))
        return storage
    }

    @Test func anOlderVersionIsMigrated() throws {
        let storage = try Self.savedV1(total: 5)
        let keeper = Keeper(
            storage: storage, key: "notes", version: 2,
            migrate: { saved in
                switch saved.version {
                case 1: Notes.State(count: try saved.decode(StateV1.self).total)
                default: nil
                }
            })
        #expect(keeper.restoredState(or: .init()) == Notes.State(count: 5))
        // Saving writes the new version.
        try keeper.save(Notes.State(count: 6))
        let reread = Keeper(storage: storage, key: "notes", version: 2)
        #expect(try reread.load()?.count == 6)
    }

    @Test func anOlderVersionWithoutMigrationIsUnknown() throws {
        let storage = try Self.savedV1(total: 5)
        let keeper = Keeper(storage: storage, key: "notes", version: 2)
        #expect {
            try keeper.load()
        } throws: { error in
            guard let error = error as? StateKeeperError, case .unknownVersion(1, 2) = error.reason else {
                return false
            }
            return error.movedAsideTo == "notes.corrupt-1"
        }
    }

    @Test func aMigrationThatReturnsNilMeansUnknown() throws {
        let storage = try Self.savedV1(total: 5)
        let keeper = Keeper(storage: storage, key: "notes", version: 3, migrate: { _ in nil })
        #expect {
            try keeper.load()
        } throws: { error in
            guard let error = error as? StateKeeperError, case .unknownVersion(1, 3) = error.reason else {
                return false
            }
            return true
        }
    }

    @Test func aMigrationThatThrowsIsReported() throws {
        struct Unsupported: Error {}
        let storage = try Self.savedV1(total: 5)
        let keeper = Keeper(storage: storage, key: "notes", version: 2, migrate: { _ in throw Unsupported() })
        #expect {
            try keeper.load()
        } throws: { error in
            guard let error = error as? StateKeeperError,
                case .migrationFailed(1, let underlying) = error.reason
            else { return false }
            return underlying is Unsupported
        }
        #expect(storage.keys == ["notes.corrupt-1"])
    }

    @Test func aDecodeFailureInsideAMigrationIsReported() throws {
        struct Wrong: Codable, Sendable { var other: String }
        let storage = try Self.savedV1(total: 5)
        let keeper = Keeper(
            storage: storage, key: "notes", version: 2,
            migrate: { saved in
                Notes.State(notes: [try saved.decode(Wrong.self).other])
            })
        #expect {
            try keeper.load()
        } throws: { error in
            guard let error = error as? StateKeeperError, case .migrationFailed(1, _) = error.reason else {
                return false
            }
            return true
        }
    }
}
