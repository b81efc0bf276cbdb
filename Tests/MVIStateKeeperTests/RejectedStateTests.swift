import Foundation
import MVI
import MVIFixtures
import MVIStateKeeper
import Synchronization
import Testing

/// A saved state that decodes but that `restore` rejects (issue 28, item 2) has the guarantee
/// of bad contents: kept byte for byte, moved aside, reported with a typed error, and the
/// store starts from its initial state.
@Suite struct RejectedStateTests {
    /// What a list's restore throws when two items share an id.
    struct DuplicateID: Error, Equatable, CustomStringConvertible {
        let id: Int
        var description: String { "two items have the id \(id)" }
    }

    /// A saved list of items with ids, which must be unique in the live state.
    struct Items: Codable, Sendable, Equatable {
        var ids: [Int]
    }

    /// The live state is a dictionary by id: building it from duplicates would trap.
    static func validated(_ saved: Items) throws -> Notes.State {
        var seen = Set<Int>()
        for id in saved.ids where !seen.insert(id).inserted { throw DuplicateID(id: id) }
        return Notes.State(notes: saved.ids.map(String.init), count: seen.count)
    }

    static func keeper(_ storage: any StateStorage) -> StateKeeper<Notes.State, Items> {
        StateKeeper(
            storage: storage, key: "notes",
            save: { Items(ids: $0.notes.compactMap { Int($0) }) },
            restore: { saved, _ in try validated(saved) })
    }

    static let duplicates = Array(#"{"state":{"ids":[1,2,2]},"version":1}"#.utf8)

    @Test func aRejectedFileIsMovedAsideAndTheStoreStarts() throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory)
        try writeFile(storage.path(for: "notes"), Self.duplicates)
        let keeper = Self.keeper(storage)
        let (handler, errors) = recordingHandler()
        let store = Store(
            Notes(), initialState: keeper.restoredState(or: .init(count: 7)), name: "Notes", onError: handler)
        #expect(store.state == Notes.State(count: 7))
        keeper.keep(store, saving: .onDemand)

        let error = try #require(errors.values.first?.underlying as? StateKeeperError)
        #expect(errors.values.count == 1)
        #expect(errors.values.first?.origin == .addOn("state keeper"))
        guard case .rejected(let rejection as DuplicateID) = error.reason else {
            Issue.record("expected the restore's own error, got \(error)")
            return
        }
        #expect(rejection == DuplicateID(id: 2))
        #expect(error.description.contains("saved state was rejected: two items have the id 2; moved aside to "))
        let aside = try #require(error.movedAsideTo)
        #expect(aside.hasPrefix("\(directory)/notes.corrupt-"))
        #expect(try readFile(aside) == Self.duplicates)  // byte for byte

        // Saving goes on in a new file; the rejected one is left alone.
        store.send(.add("5"))
        store.cancel()
        #expect(try readFile(aside) == Self.duplicates)
        #expect(try keeper.load() == Items(ids: [5]))
        #expect(try files(in: directory).count == 2)
    }

    @Test func theThrowingLoadRejectsToo() throws {
        let storage = InMemoryStateStorage(["notes": Self.duplicates])
        do {
            _ = try Self.keeper(storage).loadState(or: .init())
            Issue.record("expected the state to be rejected")
        } catch {
            guard case .rejected(let rejection) = error.reason else {
                Issue.record("expected rejected, got \(error)")
                return
            }
            #expect(rejection as? DuplicateID == DuplicateID(id: 2))
            #expect(error.movedAsideTo == "notes.corrupt-1")
        }
        #expect(storage.keys == ["notes.corrupt-1"])
        #expect(storage.load("notes.corrupt-1") == Self.duplicates)
    }

    @Test func aWholeStateKeeperCanRejectWithItsRestoredClosure() throws {
        struct Negative: Error {}
        let storage = InMemoryStateStorage()
        let keeper = StateKeeper<Notes.State, Notes.State>(
            storage: storage, key: "notes",
            restored: { state in
                if state.count < 0 { throw Negative() }
                return state.restored()
            })
        try keeper.save(Notes.State(count: 3, isLoading: true))
        #expect(keeper.restoredState(or: .init()) == Notes.State(count: 3))  // valid: restored

        try keeper.save(Notes.State(count: -1))
        let saved = try #require(storage.load("notes"))
        #expect(keeper.restoredState(or: .init(count: 9)) == Notes.State(count: 9))
        #expect(storage.keys == ["notes.corrupt-1"])
        #expect(storage.load("notes.corrupt-1") == saved)
    }

    /// A restore that cannot throw still compiles: the closure type only gained `throws`.
    @Test func aRestoreThatCannotThrowStillWorks() throws {
        let storage = InMemoryStateStorage()
        let restore: @Sendable (Items, Notes.State) -> Notes.State = { saved, initial in
            var state = initial
            state.count = saved.ids.count
            return state
        }
        let keeper = StateKeeper<Notes.State, Items>(
            storage: storage, key: "notes", save: { _ in Items(ids: [1, 2]) }, restore: restore)
        try keeper.save(Notes.State())
        #expect(keeper.restoredState(or: .init()).count == 2)
    }

    /// A rejected state that cannot be moved aside is never overwritten: saving is refused.
    @Test func aRejectedStateThatCannotBeMovedAsideIsNeverOverwritten() throws {
        let storage = FailingStorage()
        storage.inner.save(Self.duplicates, for: "notes")
        storage.failMoves.store(true, ordering: .relaxed)
        let keeper = Self.keeper(storage)
        let (handler, errors) = recordingHandler()
        let store = Store(Notes(), initialState: keeper.restoredState(or: .init()), onError: handler)
        keeper.keep(store, saving: .onDemand)
        store.send(.add("1"))
        store.cancel()
        let reasons = errors.values.compactMap { ($0.underlying as? StateKeeperError)?.reason }
        #expect(reasons.count == 2)
        if case .rejected = reasons.first {} else { Issue.record("expected rejected first, got \(reasons)") }
        if case .savingDisabled = reasons.last {} else { Issue.record("expected savingDisabled, got \(reasons)") }
        #expect(storage.inner.load("notes") == Self.duplicates)
    }

    /// `restore` runs outside the keeper's lock, so it may use the keeper; what it saved
    /// meanwhile was not judged, and is not moved aside.
    @Test func aStateSavedWhileRestoreRanIsNotMovedAside() throws {
        let storage = InMemoryStateStorage(["notes": Self.duplicates])
        let reference = KeeperReference()
        let keeper = StateKeeper<Notes.State, Items>(
            storage: storage, key: "notes",
            save: { Items(ids: $0.notes.compactMap { Int($0) }) },
            restore: { saved, _ in
                try reference.keeper.withLock { $0 }?.save(Notes.State(notes: ["4"]))
                return try Self.validated(saved)
            })
        reference.keeper.withLock { $0 = keeper }
        do {
            _ = try keeper.loadState(or: .init())
            Issue.record("expected the state to be rejected")
        } catch {
            if case .rejected = error.reason {} else { Issue.record("expected rejected, got \(error)") }
            #expect(error.movedAsideTo == nil)
        }
        #expect(storage.keys == ["notes"])
        #expect(try keeper.load() == Items(ids: [4]))
    }
}

/// The keeper, for its own restore closure to use.
final class KeeperReference: Sendable {
    let keeper = Mutex<StateKeeper<Notes.State, RejectedStateTests.Items>?>(nil)
}
