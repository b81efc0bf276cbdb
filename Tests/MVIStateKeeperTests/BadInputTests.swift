import Foundation
import MVI
import MVIFixtures
import MVIStateKeeper
import Synchronization
import Testing

/// Every kind of bad saved file: a typed error to the store's handler, the initial state,
/// and the file moved aside, never overwritten or deleted.
@Suite struct BadInputTests {
    typealias Keeper = StateKeeper<Notes.State, Notes.State>

    enum Kind: String, CaseIterable, Sendable {
        case empty, truncated, truncatedInString, notJSON, binary, otherSchema, otherStateSchema, newerVersion
        case fractionalVersion, versionBeyondDouble, versionBeyondInt
    }

    static func bytes(for kind: Kind) -> [UInt8] {
        let good = #"{"state":{"count":3,"isLoading":false,"notes":["a","b"]},"version":1}"#
        switch kind {
        case .empty: return []
        case .truncated: return Array(good.utf8.prefix(40))
        case .truncatedInString: return Array(good.utf8.prefix(49))
        case .notJSON: return Array("count = 3\n".utf8)
        case .binary: return [0xFF, 0x00, 0x13, 0x37]
        case .otherSchema: return Array(#"{"name":"someone else's file"}"#.utf8)
        case .otherStateSchema: return Array(#"{"state":{"title":"x"},"version":1}"#.utf8)
        case .newerVersion: return Array(#"{"state":{"count":3},"version":99}"#.utf8)
        case .fractionalVersion: return Array(#"{"state":{"count":3},"version":1.5}"#.utf8)
        case .versionBeyondDouble: return Array(#"{"state":{"count":3},"version":1e400}"#.utf8)
        case .versionBeyondInt: return Array(#"{"state":{"count":3},"version":9223372036854775808}"#.utf8)
        }
    }

    static func matches(_ reason: StateKeeperError.Reason, _ kind: Kind) -> Bool {
        switch (reason, kind) {
        case (.truncated, .empty), (.truncated, .truncated), (.truncated, .truncatedInString): true
        case (.notJSON, .notJSON), (.notJSON, .binary): true
        case (.schemaMismatch, .otherSchema), (.schemaMismatch, .otherStateSchema): true
        case (.unknownVersion(99, 1), .newerVersion): true
        case (.invalidVersion("1.5", 1), .fractionalVersion): true
        case (.invalidVersion("1e400", 1), .versionBeyondDouble): true
        case (.invalidVersion("9223372036854775808", 1), .versionBeyondInt): true
        default: false
        }
    }

    @Test(arguments: Kind.allCases)
    func aBadFileIsReportedAndMovedAside(_ kind: Kind) throws {
        let directory = try temporaryDirectory("bad-\(kind.rawValue)")
        let storage = FileStateStorage(directory: directory)
        let bad = Self.bytes(for: kind)
        try writeFile(storage.path(for: "notes"), bad)

        let keeper = Keeper(storage: storage, key: "notes")
        let (handler, errors) = recordingHandler()
        let store = Store(
            Notes(), initialState: keeper.restoredState(or: .init(count: 42)), name: "Notes", onError: handler)
        #expect(store.state == Notes.State(count: 42))  // the initial state
        #expect(errors.values.isEmpty)  // reported once there is a store to report to
        keeper.keep(store, saving: .onDemand)

        let error = try #require(errors.values.first)
        #expect(errors.values.count == 1)
        #expect(error.origin == .addOn("state keeper"))
        let keeperError = try #require(error.underlying as? StateKeeperError)
        #expect(Self.matches(keeperError.reason, kind), "\(kind): \(keeperError)")
        #expect(keeperError.key == "notes")

        // Moved aside, byte for byte.
        let aside = try #require(keeperError.movedAsideTo)
        #expect(aside.hasPrefix("\(directory)/notes.corrupt-"))
        #expect(aside.hasSuffix(".json"))
        #expect(try readFile(aside) == bad)
        #expect(try files(in: directory).count == 1)

        // Saving afterwards writes a new file and leaves the bad one alone.
        store.send(.increment)
        store.cancel()
        #expect(try readFile(aside) == bad)
        #expect(try keeper.load()?.count == 43)
        #expect(try files(in: directory).count == 2)
    }

    /// Issue 29: a version that is a JSON number but not an `Int` is JSON, not "not JSON".
    @Test(arguments: ["1.5", "1e400", "9223372036854775808", "-1e400"])
    func aVersionThatIsNoIntegerIsSaidToBeOne(_ version: String) throws {
        let bytes = Array(#"{"state":{"count":3,"isLoading":false,"notes":[]},"version":\#(version)}"#.utf8)
        let storage = InMemoryStateStorage(["notes": bytes])
        let keeper = Keeper(storage: storage, key: "notes")
        do {
            _ = try keeper.load()
            Issue.record("expected an error")
        } catch {
            guard case .invalidVersion(let found, let supported) = error.reason else {
                Issue.record("expected invalidVersion, got \(error)")
                return
            }
            #expect(found == version)
            #expect(supported == 1)
            #expect(
                error.description
                    == "\"notes\": saved state has version \(version), not a version number this keeper can read"
                    + " (a whole number; it reads version 1); moved aside to notes.corrupt-1")
        }
        #expect(storage.load("notes.corrupt-1") == bytes)
    }

    @Test func aVersionThatIsNoNumberIsAnotherSchema() throws {
        for version in [#""1""#, "null", "[1]"] {
            let storage = InMemoryStateStorage(["notes": Array(#"{"state":{},"version":\#(version)}"#.utf8)])
            #expect {
                try Keeper(storage: storage, key: "notes").load()
            } throws: { error in
                guard case .schemaMismatch = (error as? StateKeeperError)?.reason else { return false }
                return true
            }
        }
    }

    @Test func theThrowingLoadSaysWhyAndMovesAside() throws {
        let storage = InMemoryStateStorage(["notes": Array("{\"state\":".utf8)])
        let keeper = Keeper(storage: storage, key: "notes")
        do {
            _ = try keeper.loadState(or: .init())
            Issue.record("expected an error")
        } catch {
            guard case .truncated = error.reason else {
                Issue.record("expected truncated, got \(error)")
                return
            }
            #expect(error.movedAsideTo == "notes.corrupt-1")
            #expect(error.description == "\"notes\": saved state is truncated; moved aside to notes.corrupt-1")
        }
        #expect(storage.keys == ["notes.corrupt-1"])
    }

    @Test func aBadFileThatCannotBeMovedAsideIsNeverOverwritten() throws {
        let storage = FailingStorage()
        storage.inner.save(Array("garbage".utf8), for: "notes")
        storage.failMoves.store(true, ordering: .relaxed)
        let keeper = Keeper(storage: storage, key: "notes")
        let (handler, errors) = recordingHandler()
        let store = Store(Notes(), initialState: keeper.restoredState(or: .init()), onError: handler)
        keeper.keep(store, saving: .onDemand)
        store.send(.increment)
        store.cancel()
        let reasons = errors.values.compactMap { ($0.underlying as? StateKeeperError)?.reason }
        #expect(reasons.count == 2)
        if case .notJSON = reasons.first {} else { Issue.record("expected notJSON first, got \(reasons)") }
        if case .savingDisabled = reasons.last {} else { Issue.record("expected savingDisabled, got \(reasons)") }
        #expect(storage.inner.load("notes") == Array("garbage".utf8))
    }
}
