import MVI
import MVIFixtures
import Testing

/// A feature whose refresh is async work that waits for the test: `started` opens once the
/// work runs, `source` hands it the result.
private struct Refresher: Feature {
    struct State: Equatable, Sendable {
        var loaded: [Int: String] = [:]
        var refreshes = 0
    }

    enum Intent: Sendable, Equatable {
        case refresh(Int)
        case refreshWithFollowUp
        case count
    }

    enum Message: Sendable, Equatable {
        case refreshing
        case loaded(Int, String)
    }

    var started = Gate<Void>()
    var source = Gate<String>()
    var neverOpened = Gate<Void>()

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .refreshing: state.refreshes += 1
        case .loaded(let id, let value): state.loaded[id] = value
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .count: context.dispatch(.refreshing)
        case .refresh(let id):
            context.dispatch(.refreshing)
            context.run { [started, source] work in
                started.open()
                // No cancellation check of its own: a cancelled wait's work is cancelled by
                // the store, which drops what it dispatches.
                let value = await source.wait()
                await work.dispatch(.loaded(id, value))
            }
        case .refreshWithFollowUp:
            // Work started by the awaited work, and an intent sent by execute: neither is
            // awaited, and both would keep the wait going forever if they were.
            context.send(.refresh(99))
            context.run { [neverOpened] work in
                work.run { _ in await neverOpened.wait() }
                await work.dispatch(.loaded(0, "outer"))
            }
        }
    }
}

/// A parent holding refreshers as rows, for the child handle's awaited send: their results
/// are ready at once (`"row"`).
private struct Rows: Feature {
    struct State: Equatable, Sendable { var rows: [Int: Refresher.State] = [:] }
    enum Intent: Sendable, Equatable { case rows(Int, Refresher.Intent) }
    enum Message: Sendable, Equatable { case rows(Int, Refresher.Message) }

    static let rows = child(Refresher(source: opened("row")), .each(\.rows), intent: Intent.rows, message: Message.rows)
    static let childScopes: [any ChildScopeRoute<Self>] = [rows]

    /// Every message is a row's, routed by its scope.
    static func reduce(_ state: inout State, _ message: Message) {}

    /// Every intent is a row's, routed by its scope.
    func execute(_ intent: Intent, _ context: StoreContext<Self>) {}

    private static func opened(_ value: String) -> Gate<String> {
        let gate = Gate<String>()
        gate.open(value)
        return gate
    }
}

/// Issue 31, item 5: a send that can be awaited until the work it started has finished.
@Suite(.timeLimit(.minutes(5))) struct AwaitedSendTests {
    @Test func returnsOnceTheWorkItStartedHasEnded() async {
        let feature = Refresher()
        let store = Store(feature, initialState: .init())
        let refresh = Task { () -> String? in
            await store.sendAwaitingWork(.refresh(1))
            return store.state.loaded[1]
        }
        await feature.started.wait()
        feature.source.open("fresh")
        // What the work dispatched is there when the send returns: it waited for the work.
        #expect(await refresh.value == "fresh")
    }

    @Test func anIntentThatStartsNoWorkReturnsOnceExecuted() async {
        let store = Store(Refresher(), initialState: .init())
        await store.sendAwaitingWork(.count)
        #expect(store.state.refreshes == 1)
    }

    @Test func workStartedLaterOrByOtherIntentsIsNotAwaited() async {
        let feature = Refresher()
        let store = Store(feature, initialState: .init())
        // The outer work ends while the work it started waits forever, and the intent sent
        // by execute waits for a value never given: the send returns all the same.
        await store.sendAwaitingWork(.refreshWithFollowUp)
        #expect(store.state.loaded[0] == "outer")
        store.cancel()
    }

    @Test func cancellingTheWaitCancelsTheWork() async {
        let feature = Refresher()
        let store = Store(feature, initialState: .init())
        let refresh = Task { await store.sendAwaitingWork(.refresh(1)) }
        await feature.started.wait()
        refresh.cancel()
        feature.source.open("too late")
        await refresh.value
        await store.waitForIdle()
        // The work was cancelled through the store: its result is dropped.
        #expect(store.state.loaded.isEmpty)
        #expect(store.state.refreshes == 1)
    }

    @Test func anIntentThatNeverRunsEndsTheWaitAtOnce() async {
        let store = Store(Refresher(), initialState: .init(), start: false)
        let refresh = Task { await store.sendAwaitingWork(.refresh(1)) }
        store.cancel()
        await refresh.value
        #expect(store.state.refreshes == 0)
    }

    @Test func aChildsHandleAwaitsTheChildsWork() async {
        let store = Store(Rows(), initialState: .init(rows: [7: .init()]))
        await store.scope(Rows.rows, id: 7).sendAwaitingWork(.refresh(1))
        #expect(store.state.rows[7]?.loaded[1] == "row")
    }

    @Test func manyAwaitedSendsAtOnceEachWaitForTheirOwnWork() async {
        let feature = Refresher()
        feature.source.open("done")
        let store = Store(feature, initialState: .init())
        let missing = Collected<Int>()
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<8 {
                group.addTask {
                    for round in 0..<100 {
                        let id = sender * 1_000 + round
                        store.send(.count)  // plain sends interleaved
                        await store.sendAwaitingWork(.refresh(id))
                        if store.state.loaded[id] != "done" { missing.append(id) }
                    }
                }
            }
        }
        #expect(missing.values == [])
        #expect(store.state.loaded.count == 800)
        #expect(store.state.refreshes == 1_600)
    }

    @MainActor
    @Test func anObservableStoreShowsTheStateAndThenAwaits() async {
        let feature = Refresher()
        feature.source.open("shown")
        let model = ObservableStore(Store(feature, initialState: .init()))
        await model.sendAwaitingWork(.refresh(1))
        await model.store.waitForIdle()
        #expect(model.store.state.loaded[1] == "shown")
        #expect(model.state.refreshes == 1)
    }
}
