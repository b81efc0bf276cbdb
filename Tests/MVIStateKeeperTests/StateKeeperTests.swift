import MVI
import MVIFixtures
import MVIStateKeeper
import Synchronization
import Testing

@Suite struct StateKeeperTests {
    typealias Keeper = StateKeeper<Notes.State, Notes.State>

    @Test func roundTripThroughAStore() throws {
        let storage = InMemoryStateStorage()
        do {
            let keeper = Keeper(storage: storage, key: "notes")
            let store = Store(Notes(), initialState: keeper.restoredState(or: .init()))
            keeper.keep(store, saving: .onDemand)
            store.send(.add("milk"))
            store.send(.increment)
            store.cancel()  // the final save
        }
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: keeper.restoredState(or: .init()))
        #expect(store.state == Notes.State(notes: ["milk"], count: 1))
    }

    @Test func releasingTheStoreSavesToo() throws {
        let storage = InMemoryStateStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        do {
            let store = Store(Notes(), initialState: .init())
            keeper.keep(store, saving: .onDemand)
            store.send(.add("eggs"))
        }
        #expect(try keeper.load() == Notes.State(notes: ["eggs"]))
    }

    @Test func nothingSavedGivesTheInitialState() throws {
        let keeper = Keeper(storage: InMemoryStateStorage(), key: "notes")
        #expect(keeper.restoredState(or: .init(count: 7)) == Notes.State(count: 7))
        #expect(try keeper.load() == nil)
    }

    @Test func theRestoreHookTurnsASavedStateLive() throws {
        let storage = InMemoryStateStorage()
        let keeper = Keeper(storage: storage, key: "notes", restored: { $0.restored() })
        try keeper.save(Notes.State(notes: ["a"], count: 2, isLoading: true))
        // Saved as it was…
        #expect(try keeper.load()?.isLoading == true)
        // …restored live: no spinner.
        #expect(keeper.restoredState(or: .init()) == Notes.State(notes: ["a"], count: 2, isLoading: false))
    }

    @Test func aProjectionSavesOnlyWhatIsAskedFor() throws {
        struct Saved: Codable, Sendable, Equatable { var notes: [String] }
        let storage = InMemoryStateStorage()
        let keeper = StateKeeper<Notes.State, Saved>(
            storage: storage, key: "notes",
            save: { Saved(notes: $0.notes) },
            restore: { saved, initial in
                var state = initial
                state.notes = saved.notes
                return state
            })
        try keeper.save(Notes.State(notes: ["x"], count: 5, isLoading: true))
        #expect(try savedState(Saved.self, storage.load("notes")) == Saved(notes: ["x"]))
        #expect(keeper.restoredState(or: .init(count: 1)) == Notes.State(notes: ["x"], count: 1))
    }

    @Test func tenThousandQuickChangesMakeOneWrite() throws {
        let storage = InMemoryStateStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: .init())
        // A long interval: the writer waits it out, so the final save is the only write.
        keeper.keep(store, saving: .onChange(coalescing: .seconds(3600)))
        for _ in 0..<10_000 { store.send(.increment) }
        #expect(storage.saveCount == 0)
        store.cancel()
        #expect(storage.saveCount == 1)
        #expect(try keeper.load()?.count == 10_000)
    }

    @Test func changesAreSavedWithoutBeingAsked() async throws {
        let storage = AnnouncingStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: .init())
        keeper.keep(store, saving: .onChange(coalescing: .milliseconds(20)))
        for _ in 0..<10_000 { store.send(.increment) }
        // Wait for the write that has the last change: a real signal, no sleeping.
        for await bytes in storage.saves {
            if try savedState(Notes.State.self, bytes)?.count == 10_000 { break }
        }
        #expect(storage.inner.saveCount < 1_000)
        withExtendedLifetime(store) {}
    }

    @Test func keepsSavingAfterEachQuietPeriod() async throws {
        let storage = AnnouncingStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: .init())
        keeper.keep(store, saving: .onChange(coalescing: .zero))
        var saves = storage.saves.makeAsyncIterator()
        for expected in 1...3 {
            store.send(.increment)
            while let bytes = await saves.next() {
                if try savedState(Notes.State.self, bytes)?.count == expected { break }
            }
        }
        #expect(try keeper.load()?.count == 3)
        withExtendedLifetime(store) {}
    }

    @Test func flushSavesOnDemandOnlyWhenChanged() throws {
        let storage = InMemoryStateStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: .init())
        keeper.keep(store, saving: .onDemand)
        store.send(.add("a"))
        keeper.flush()
        #expect(storage.saveCount == 1)
        keeper.flush()  // nothing changed
        #expect(storage.saveCount == 1)
        store.send(.add("b"))
        keeper.flush()
        #expect(storage.saveCount == 2)
        #expect(try keeper.load()?.notes == ["a", "b"])
        store.cancel()  // nothing changed since the flush
        #expect(storage.saveCount == 2)
    }

    @Test func stopKeepingStopsSaving() throws {
        let storage = InMemoryStateStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: .init())
        keeper.keep(store, saving: .onDemand)
        keeper.stopKeeping()
        store.send(.increment)
        keeper.flush()
        store.cancel()
        #expect(storage.saveCount == 0)
    }

    @Test func keepingACancelledStoreSavesItOnce() throws {
        let storage = InMemoryStateStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: .init(count: 4))
        store.cancel()
        keeper.keep(store)
        #expect(storage.saveCount == 1)
        #expect(try keeper.load()?.count == 4)
    }

    @Test func saveFailuresGoToTheStoresErrorHandlerAndMiddleware() throws {
        let storage = FailingStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        let (handler, errors) = recordingHandler()
        let failures = Collected<StoreError>()
        let middleware = AnyMiddleware<Notes> { event, _ in
            if case .failure(let error) = event { failures.append(error) }
        }
        let store = Store(Notes(), initialState: .init(), name: "Notes", middleware: [middleware], onError: handler)
        keeper.keep(store, saving: .onDemand)
        storage.failSaves.store(true, ordering: .relaxed)
        store.send(.increment)
        keeper.flush()
        let error = try #require(errors.values.first)
        #expect(error.storeName == "Notes")
        #expect(error.origin == .addOn("state keeper"))
        let keeperError = try #require(error.underlying as? StateKeeperError)
        guard case .storageFailed(let underlying) = keeperError.reason else {
            Issue.record("expected a storage failure, got \(keeperError)")
            return
        }
        #expect(underlying is FailingStorage.Failure)
        #expect(failures.values.count == 1)
        // The store keeps working.
        store.send(.increment)
        #expect(store.state.count == 2)
    }

    @Test func aReadErrorLeavesTheSavedStateInPlace() throws {
        let storage = FailingStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        try keeper.save(Notes.State(count: 3))
        storage.failLoads.store(true, ordering: .relaxed)
        #expect(throws: StateKeeperError.self) { try keeper.load() }
        #expect(storage.inner.keys == ["notes"])
    }

    @Test func clearRemovesTheSavedState() throws {
        let storage = InMemoryStateStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        try keeper.save(Notes.State(count: 3))
        try keeper.clear()
        #expect(try keeper.load() == nil)
    }

    @Test func savingFromManyThreadsWhileTheStoreRunsIsSafe() async throws {
        let storage = InMemoryStateStorage()
        let keeper = Keeper(storage: storage, key: "notes")
        let store = Store(Notes(), initialState: .init())
        keeper.keep(store, saving: .onChange(coalescing: .zero))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<2_000 { store.send(.increment) }
                }
                group.addTask {
                    for _ in 0..<200 { keeper.flush() }
                }
            }
        }
        await store.waitForIdle()  // senders may return while a fair share of their input waits
        store.cancel()
        #expect(try keeper.load()?.count == 8_000)
    }
}
