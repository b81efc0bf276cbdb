import Foundation
import MVI
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 12, "Data loss": a saved state the keeper could not read is never overwritten, time
/// travel's shown states are never saved, and `cancel()` saves before it returns.
@Suite struct DataLossTests {
    typealias Keeper = StateKeeper<Notes.State, Notes.State>

    static let thousand = Notes.State(notes: (0 ..< 1_000).map { "item \($0)" }, count: 1_000)

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

    // MARK: Item 4: FileStateStorage refuses what is not a regular file

    @Test func aFIFOIsRefusedWithoutHangingAndKept() throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory)
        let path = storage.path(for: "notes")
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: (any Error).self) { try storage.load("notes") }

        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: keeper.restoredState(or: .init()))
        keeper.keep(store, saving: .onDemand)
        store.send(.increment)
        keeper.flush()
        store.cancel()
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
    }
}
