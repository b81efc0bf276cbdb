import Foundation
import MVI
import MVIFixtures
@testable import MVIStateKeeper
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Data loss: a saved state the keeper could not read is never overwritten, time
/// travel's shown states are never saved, and `cancel()` saves before it returns.
@Suite struct DataLossTests {
    typealias Keeper = StateKeeper<Notes.State, Notes.State>

    static let thousand = Notes.State(notes: (0..<1_000).map { "item \($0)" }, count: 1_000)

    // MARK: Item 1: an unreadable saved state is kept

    @Test func aSavedStateThatCouldNotBeReadIsNeverOverwritten() throws {
        let storage = FailingStorage()
        try Keeper(storage: storage, key: "notes").save(Self.thousand)
        let original = try #require(storage.inner.load("notes"))

        storage.failLoads.store(true, ordering: .relaxed)  // a permission error, a passing EMFILE
        let keeper = Keeper(storage: storage, key: "notes")
        let (handler, errors) = recordingHandler()
        let store = Store(Notes(), initialState: keeper.restoredState(or: .init()), onError: handler)
        #expect(store.state == Notes.State())
        keeper.keep(store, saving: .onDemand)
        storage.failLoads.store(false, ordering: .relaxed)  // the failure has passed
        store.send(.add("one"))
        keeper.flush()
        store.send(.add("two"))
        store.cancel()

        let kept = storage.inner.load("notes") == original
        #expect(kept, "the 1,000 saved items are still there, byte for byte")
        #expect(storage.inner.saveCount == 1)  // the first save only

        // The read failure when the keeper attaches, then the first refused save, once.
        let reasons = errors.values.compactMap { ($0.underlying as? StateKeeperError)?.reason }
        #expect(reasons.count == 2, "\(reasons)")
        guard reasons.count == 2, case .storageFailed(let readError) = reasons[0],
            case .savingRefused(let failure as StateKeeperError) = reasons[1],
            case .storageFailed = failure.reason
        else {
            Issue.record("expected a read failure, then a refused save: \(reasons)")
            return
        }
        #expect(readError is FailingStorage.Failure)
        #expect("\(errors.values[1].underlying)".contains("saving is refused"))
    }

    @Test func anExplicitSaveIsRefusedToo() throws {
        let storage = FailingStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        try keeper.save(Self.thousand)
        storage.failLoads.store(true, ordering: .relaxed)
        #expect(keeper.restoredState(or: .init()) == Notes.State())
        storage.failLoads.store(false, ordering: .relaxed)
        do {
            try keeper.save(Notes.State(count: 1))
            Issue.record("expected the save to be refused")
        } catch {
            guard case .savingRefused = error.reason else {
                Issue.record("expected savingRefused, got \(error)")
                return
            }
        }
        #expect(try savedState(Notes.State.self, storage.inner.load("notes")) == Self.thousand)
    }

    /// A load that succeeds hands the saved state to the app, which decides: saving is on
    /// again, and what the kept store changed meanwhile is saved by the next flush.
    @Test func aLoadThatSucceedsLaterTurnsSavingBackOn() throws {
        let storage = FailingStorage()
        try Keeper(storage: storage, key: "notes").save(Self.thousand)
        storage.failLoads.store(true, ordering: .relaxed)
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: keeper.restoredState(or: .init()), onError: recordingHandler().0)
        keeper.keep(store, saving: .onDemand)
        store.send(.add("new"))
        keeper.flush()  // refused
        storage.failLoads.store(false, ordering: .relaxed)
        #expect(try keeper.load() == Self.thousand)  // the app has the saved state now
        keeper.flush()  // the refused save is tried again
        #expect(try keeper.load()?.notes == ["new"])
        store.cancel()
    }

    @Test func clearDiscardsAnUnreadableSavedStateAndTurnsSavingBackOn() throws {
        let storage = FailingStorage()
        try Keeper(storage: storage, key: "notes").save(Self.thousand)
        storage.failLoads.store(true, ordering: .relaxed)
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: keeper.restoredState(or: .init()), onError: recordingHandler().0)
        keeper.keep(store, saving: .onDemand)
        store.send(.add("new"))
        keeper.flush()  // refused
        try keeper.clear()
        storage.failLoads.store(false, ordering: .relaxed)
        store.cancel()  // the final save tries the refused save again
        #expect(try keeper.load()?.notes == ["new"])
    }
}

extension DataLossTests {
    // MARK: Item 2: time travel's shown state is not saved

    @Test func aStateShownByTimeTravelIsNeverSaved() throws {
        let storage = InMemoryStateStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: .init())
        keeper.keep(store, saving: .onDemand)
        store.send(.add("a"))
        store.send(.add("b"))

        store.hooks.holdInput()
        store.hooks.show(Notes.State())  // time travel steps back to the empty list
        #expect(store.state == Notes.State())
        keeper.flush()
        #expect(try keeper.load()?.notes == ["a", "b"])

        store.cancel()  // the final save, while the past state is still shown
        #expect(try keeper.load()?.notes == ["a", "b"])
    }

    // MARK: Item 3: cancel() saves before it returns

    /// Another thread drains the store and is blocked in an observer when `cancel()` is
    /// called: the latest state is on disk when `cancel()` returns. `blockerFirst` puts the
    /// blocking observer before the keeper's, so the keeper has not yet seen the last change.
    @Test(arguments: [false, true])
    func cancelSavesBeforeReturningWhileAnotherThreadDrains(blockerFirst: Bool) throws {
        let storage = FileStateStorage(directory: try temporaryDirectory("cancel-\(blockerFirst)"))
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: .init())
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let blocker: @Sendable (Notes.State) -> Void = { state in
            if state.count == 2 {
                entered.signal()
                release.wait()
            }
        }
        var subscriptions: [Subscription] = []
        if blockerFirst { subscriptions.append(store.subscribe(blocker)) }
        keeper.keep(store, saving: .onDemand)
        if !blockerFirst { subscriptions.append(store.subscribe(blocker)) }
        store.send(.increment)
        keeper.flush()  // count 1 is saved; nothing is dirty

        let drainer = Thread {
            store.send(.increment)  // reduced to count 2, then blocked in the observer
            done.signal()
        }
        drainer.start()
        entered.wait()
        let saved: Notes.State?
        do {
            defer { release.signal() }
            store.cancel()
            saved = try savedState(Notes.State.self, try? readFile(storage.path(for: "notes")))
        }
        done.wait()
        #expect(saved?.count == 2)
        #expect(try keeper.load()?.count == 2)
        withExtendedLifetime(subscriptions) {}
    }

    // MARK: Item 4: FileStateStorage reads only regular files, up to a limit

    /// Keeps a store over `storage`'s "notes" (which it cannot read), changes it, flushes and
    /// cancels it; returns the reasons its error handler got.
    static func keepChangeAndCancel(_ storage: some StateStorage) -> [StateKeeperError.Reason] {
        let keeper = Keeper(storage: storage, key: "notes")
        let (handler, errors) = recordingHandler()
        let store = Store(Notes(), initialState: keeper.restoredState(or: .init()), onError: handler)
        #expect(store.state == Notes.State())
        keeper.keep(store, saving: .onDemand)
        store.send(.increment)
        keeper.flush()
        store.cancel()
        return errors.values.compactMap { ($0.underlying as? StateKeeperError)?.reason }
    }

    static func isNotRegular(_ error: any Error) -> Bool {
        if case .notARegularFile? = (error as? StateKeeperError)?.reason { true } else { false }
    }

    static func isTooLarge(_ error: any Error, limit: Int) -> Bool {
        if case .tooLarge(let found)? = (error as? StateKeeperError)?.reason { found == limit } else { false }
    }

    static func refusedAfter(_ reasons: [StateKeeperError.Reason], _ matches: (any Error) -> Bool) -> Bool {
        guard reasons.count == 2, case .savingRefused(let failure) = reasons[1] else { return false }
        return matches(failure)
    }

    @Test func aFIFOIsRefusedWithoutHangingAndKept() throws {
        let storage = FileStateStorage(directory: try temporaryDirectory())
        let path = storage.path(for: "notes")
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: StateKeeperError.self) { try storage.load("notes") }
        #expect { try storage.load("notes") } throws: { Self.isNotRegular($0) }

        let reasons = Self.keepChangeAndCancel(storage)
        #expect(Self.refusedAfter(reasons, Self.isNotRegular), "\(reasons)")
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)  // still the FIFO
    }

    @Test func aLinkToDevZeroIsRefusedAndKept() throws {
        let storage = FileStateStorage(directory: try temporaryDirectory())
        let path = storage.path(for: "notes")
        #expect(symlink("/dev/zero", path) == 0)
        #expect { try storage.load("notes") } throws: { Self.isNotRegular($0) }

        let reasons = Self.keepChangeAndCancel(storage)
        #expect(Self.refusedAfter(reasons, Self.isNotRegular), "\(reasons)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "/dev/zero")
    }

    @Test func aDirectoryWhereTheFileShouldBeIsRefusedAndKept() throws {
        let storage = FileStateStorage(directory: try temporaryDirectory())
        let path = storage.path(for: "notes")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try writeFile(path + "/inside", [1, 2, 3])
        #expect { try storage.load("notes") } throws: { Self.isNotRegular($0) }

        let reasons = Self.keepChangeAndCancel(storage)
        #expect(Self.refusedAfter(reasons, Self.isNotRegular), "\(reasons)")
        #expect(try readFile(path + "/inside") == [1, 2, 3])
    }

    /// The real file storage, with a read that fails for root too: a saved state over the
    /// size limit stays byte for byte, and the keeper refuses to save over it.
    @Test func aFileOverTheLimitIsRefusedAndKept() throws {
        let directory = try temporaryDirectory()
        try Keeper(storage: FileStateStorage(directory: directory), key: "notes").save(Self.thousand)
        let storage = FileStateStorage(directory: directory, maxBytes: 1_000)
        let original = try readFile(storage.path(for: "notes"))
        #expect(original.count > 1_000)
        #expect { try storage.load("notes") } throws: { Self.isTooLarge($0, limit: 1_000) }

        let reasons = Self.keepChangeAndCancel(storage)
        #expect(Self.refusedAfter(reasons, { Self.isTooLarge($0, limit: 1_000) }), "\(reasons)")
        let kept = try readFile(storage.path(for: "notes")) == original
        #expect(kept, "the 1,000 saved items are still there, byte for byte")
        #expect(try files(in: directory) == ["notes.json"])
        #expect(
            "\(StateKeeperError(key: "notes", reason: .tooLarge(limit: 1_000)))"
                == "\"notes\": saved state is larger than the limit of 1000 bytes")
    }

    #if os(Linux)
    /// A file whose size says 0 but that holds more (a /proc file, or one that grows while
    /// it is read): reading stops at the limit.
    @Test func readingStopsAtTheLimitWhateverTheSizeSays() throws {
        let storage = FileStateStorage(directory: try temporaryDirectory(), maxBytes: 64)
        #expect(symlink("/proc/self/maps", storage.path(for: "notes")) == 0)
        #expect { try storage.load("notes") } throws: { Self.isTooLarge($0, limit: 64) }
    }
    #endif

    @Test func aStateOverTheLimitIsNotWritten() throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory, maxBytes: 1_000)
        let keeper = Keeper(storage: storage, key: "notes")
        try keeper.save(Notes.State(count: 1))
        #expect {
            try keeper.save(Self.thousand)
        } throws: { error in
            Self.isTooLarge(error, limit: 1_000)
        }
        #expect(try keeper.load()?.count == 1)
        #expect(try files(in: directory) == ["notes.json"])  // no temporary file left
    }

    @Test func theDefaultLimitIs64MiB() {
        #expect(FileStateStorage(directory: "/tmp").maxBytes == 64 * 1024 * 1024)
        #expect(FileStateStorage.defaultMaxBytes == 64 * 1024 * 1024)
    }
}
