import MVI
import MVIFixtures
import Testing

/// Issue 31: enum destinations, stacks of different screens, work that ends with its screen,
/// grandchild handles and intents to absent children.
@Suite struct DestinationTests {
    private func makeStore(
        source: Gate<String> = Gate(), errors: Collected<StoreError> = Collected()
    )
        -> Store<Destinations>
    {
        Store(
            Destinations(), initialState: .init(), name: "App",
            onError: StoreErrorHandler { errors.append($0) }, environment: Fakes(source))
    }

    // MARK: Enum destinations

    @Test func twoCasesOfOneFeatureAreTwoChildren() async {
        let errors = Collected<StoreError>()
        let store = makeStore(errors: errors)
        store.send(.present(.add(.init())))
        store.send(.add(.setLabel("new")))
        store.send(.edit(.setLabel("wrong case")))
        await store.waitForIdle()
        #expect(store.state.destination == .add(.init(label: "new")))
        // The intent for the case not shown is dropped, and reported with the place.
        #expect(errors.values.map(\.origin) == [.absentChild("destination")])
        let report = errors.values.first?.underlying as? AbsentChild
        #expect(report?.intent == "edit(MVITests.Loader.Intent.setLabel(\"wrong case\"))")
        // The cases of one place share its name: one of them at most is there.
        #expect(Destinations.add.name == "destination")
        #expect(Destinations.edit.name == "destination")
    }

    @Test func aDestinationOfAnotherKindIsNoneOfTheChildren() async {
        let errors = Collected<StoreError>()
        let store = makeStore(errors: errors)
        store.send(.present(.confirm("delete?")))
        store.send(.add(.setLabel("x")))
        await store.waitForIdle()
        #expect(store.state.destination == .confirm("delete?"))
        #expect(errors.values.count == 1)
    }

    @Test func aDestinationsChildStateIsReadThroughItsScope() {
        let state = Destinations.State(destination: .edit(.init(label: "e")))
        #expect(Destinations.edit.state(in: state) == .init(label: "e"))
        #expect(Destinations.add.state(in: state) == nil)
        #expect(Destinations.add.state(in: .init()) == nil)
    }

    // MARK: A stack of different screens

    @Test func aStackHoldsScreensOfDifferentFeatures() async {
        let store = makeStore()
        store.send(.push(.loader(.init())))
        store.send(.push(.panel(.init())))
        store.send(.screenLoader(0, .setLabel("first")))
        store.send(.screenPanel(1, .loader(.setLabel("inner"))))
        await store.waitForIdle()
        #expect(
            store.state.path
                == DestinationStack([.loader(.init(label: "first")), .panel(.init(loader: .init(label: "inner")))]))
        #expect(Destinations.screenLoader.name == "path")
        #expect(Destinations.screenPanel.name == "path")
    }

    @Test func anIntentForAScreenOfAnotherKindIsDroppedAndReported() async {
        let errors = Collected<StoreError>()
        let store = makeStore(errors: errors)
        store.send(.push(.panel(.init())))
        store.send(.screenLoader(0, .setLabel("x")))
        store.send(.screenLoader(5, .setLabel("y")))
        await store.waitForIdle()
        #expect(store.state.path == DestinationStack([.panel(.init())]))
        #expect(errors.values.count == 2)
        #expect((errors.values.last?.underlying as? AbsentChild)?.path.hasSuffix("[5]") == true)
    }

    // MARK: Work ends with its screen

    @Test func dismissingAnEnumDestinationCancelsItsWork() async {
        let source = Gate<String>()
        let store = makeStore(source: source)
        store.send(.present(.add(.init())))
        store.send(.add(.load))
        #expect(store.runningTaskCount == 1)
        store.send(.present(nil))
        #expect(store.runningTaskCount == 0)
        source.open("late")
        await store.waitForIdle()
        #expect(store.state.destination == nil)
    }

    @Test func changingTheCaseCancelsTheOldCasesWork() async {
        let source = Gate<String>()
        let store = makeStore(source: source)
        store.send(.present(.add(.init())))
        store.send(.add(.load))
        store.send(.present(.edit(.init(label: "edit"))))
        #expect(store.runningTaskCount == 0)
        source.open("late")
        await store.waitForIdle()
        #expect(store.state.destination == .edit(.init(label: "edit")))
    }

    /// The bug: a row removed without `cancelWork(of:)` kept its work, and a new row with the
    /// same id received the old row's result.
    @Test func aRowRemovedAndAddedAgainDoesNotGetTheOldRowsResult() async {
        let source = Gate<String>()
        let store = makeStore(source: source)
        store.send(.insertRow(1))
        store.send(.rows(1, .load))
        store.send(.deleteRow(1))
        store.send(.insertRow(1))
        #expect(store.runningTaskCount == 0)
        source.open("old row's result")
        await store.waitForIdle()
        #expect(store.state.rows[1] == .init())
    }

    @Test func poppingAScreenCancelsItsWork() async {
        let source = Gate<String>()
        let store = makeStore(source: source)
        store.send(.push(.loader(.init())))
        store.send(.screenLoader(0, .load))
        store.send(.push(.loader(.init())))
        store.send(.screenLoader(1, .load))
        #expect(store.runningTaskCount == 2)
        store.send(.pop)
        #expect(store.runningTaskCount == 1)
        source.open("done")
        await store.waitForIdle()
        #expect(store.state.path == DestinationStack([.loader(.init(loaded: "done"))]))
    }

    @Test func removingAChildCancelsItsChildrensWork() async {
        let source = Gate<String>()
        let store = makeStore(source: source)
        store.send(.setPanel(.init()))
        store.send(.panel(.loader(.load)))
        #expect(store.runningTaskCount == 1)
        // The grandchild goes, its parent stays.
        store.send(.panel(.closeLoader))
        #expect(store.runningTaskCount == 0)
        store.send(.setPanel(.init()))
        store.send(.panel(.loader(.load)))
        #expect(store.runningTaskCount == 1)
        // The child goes, with its child.
        store.send(.setPanel(nil))
        #expect(store.runningTaskCount == 0)
        source.open("late")
        await store.waitForIdle()
        #expect(store.state.panel == nil)
    }

    @Test func workOfChildrenStillThereIsKept() async {
        let source = Gate<String>()
        let store = makeStore(source: source)
        store.send(.insertRow(1))
        store.send(.insertRow(2))
        store.send(.rows(1, .load))
        store.send(.rows(2, .load))
        store.send(.deleteRow(1))
        #expect(store.runningTaskCount == 1)
        source.open("kept")
        await store.waitForIdle()
        #expect(store.state.rows == [2: .init(loaded: "kept")])
    }

    // MARK: Handles all the way down

    @Test func aGrandchildHandleReadsAndSendsThroughTheStore() async {
        let store = makeStore()
        store.send(.push(.panel(.init())))
        let screen = store.scope(Destinations.screenPanel, id: 0)
        let loader = screen.scope(Panel.loader)
        loader.send(.setLabel("deep"))
        await store.waitForIdle()
        #expect(loader.state == .init(label: "deep"))
        #expect(loader.name == "App/path[0]/loader")
        store.send(.pop)
        await store.waitForIdle()
        #expect(loader.state == nil)
    }

    @Test func anIntentToAnAbsentGrandchildIsReportedWithItsWholePath() async {
        let errors = Collected<StoreError>()
        let store = makeStore(errors: errors)
        store.send(.setPanel(.init(loader: nil)))
        store.send(.panel(.loader(.setLabel("nobody"))))
        store.send(.rows(7, .setLabel("nobody")))
        await store.waitForIdle()
        #expect(errors.values.map(\.origin) == [.absentChild("panel/loader"), .absentChild("rows[7]")])
        #expect(errors.values.allSatisfy { $0.storeName == "App" })
    }
}

/// The children's work ending with them, with eight threads sending at once.
@Suite(.timeLimit(.minutes(10))) struct DestinationStressTests {
    static let threadCount = 8
    /// Each thread adds rows, starts their work, deletes them and adds them again with the same
    /// ids, while the others do the same: every old row's work is cancelled, and none of the
    /// results it sends once the gate opens reaches the new row with its id.
    @Test func rowsRemovedFromManyThreadsLoseTheirWorkAndNeverGetItsResult() async {
        let source = Gate<String>()
        let store = Store(Destinations(), initialState: .init(), environment: Fakes(source))
        let rowsPerThread = 200
        let threads = Threads.start(Self.threadCount) { thread in
            for index in 0..<rowsPerThread {
                let id = thread * rowsPerThread + index
                store.send(.insertRow(id))
                store.send(.rows(id, .load))
                store.send(.deleteRow(id))
                store.send(.insertRow(id))
            }
        }
        await threads.join()
        // A work not cancelled would now send its result to the row added again.
        source.open("old row's result")
        await store.waitForIdle()
        #expect(store.runningTaskCount == 0)
        #expect(store.state.rows.count == Self.threadCount * rowsPerThread)
        #expect(store.state.rows.values.allSatisfy { $0.loaded == nil })
    }
}
