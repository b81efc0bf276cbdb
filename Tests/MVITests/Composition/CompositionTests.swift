import MVI
import MVIFixtures
import Testing

@Suite(.timeLimit(.minutes(5))) struct CompositionTests {
    @Test func aChildsIntentIsReducedByItsOwnReducerInsideTheParent() {
        let store = Store(TodoList(), initialState: .init())
        store.send(.add(1, "milk"))
        store.send(.add(2, "eggs"))
        store.send(.rows(1, .toggle))
        store.send(.rows(2, .rename("bread")))
        #expect(store.state.rows[1] == .init(title: "milk", isDone: true))
        #expect(store.state.rows[2] == .init(title: "bread"))
    }

    @Test func anIntentForAMissingChildIsDropped() {
        let store = Store(TodoList(), initialState: .init())
        store.send(.rows(7, .toggle))
        store.send(.editor(.type("x")))
        #expect(store.state == .init())
    }

    @Test func aChildsSideEffectReachesTheParentsViewsOrTheParent() async {
        let server = Gate<Void>()
        let store = Store(TodoList(), initialState: .init(), environment: Fakes(server))
        var sideEffects = store.sideEffects.makeAsyncIterator()
        store.send(.add(1, "milk"))
        store.send(.rows(1, .save))
        #expect(store.state.rows[1]?.isSaving == true)
        server.open()
        #expect(await sideEffects.next() == .rowSaved(1, "milk"))
        #expect(store.state.rows[1]?.isSaving == false)

        store.send(.openEditor)
        store.send(.editor(.type("jam")))
        store.send(.editor(.submit))  // the parent turns it into .add(99, "jam")
        await store.waitForIdle()
        #expect(store.state.rows[99]?.title == "jam")
    }

    @Test func childrenUseTheSameWorkIdWithoutCancellingEachOther() async {
        let server = Gate<Void>()
        let store = Store(TodoList(), initialState: .init(), environment: Fakes(server))
        store.send(.add(1, "a"))
        store.send(.add(2, "b"))
        store.send(.rows(1, .save))
        store.send(.rows(2, .save))  // "save" with cancelInFlight, namespaced by the row
        #expect(store.runningTaskCount == 2)
        server.open()
        await store.waitForIdle()
        #expect(store.state.rows.values.allSatisfy { !$0.isSaving })
    }

    @Test func removingAChildCancelsItsWork() async {
        let server = Gate<Void>()
        let store = Store(TodoList(), initialState: .init(), environment: Fakes(server))
        store.send(.add(1, "a"))
        store.send(.add(2, "b"))
        store.send(.rows(1, .save))
        store.send(.rows(2, .save))
        store.send(.remove(1))
        #expect(store.runningTaskCount == 1)  // row 2's work goes on
        server.open()
        await store.waitForIdle()
        #expect(store.state.rows[1] == nil)
        #expect(store.state.rows[2]?.isSaving == false)
    }

    @Test func aDismissedSheetsLateResultNeverReachesTheNextOne() async {
        let suggestions = Gate<String>()
        let store = Store(TodoList(), initialState: .init(), environment: Fakes(suggestions))
        store.send(.openEditor)
        store.send(.editor(.loadSuggestion))
        store.send(.closeEditor)
        #expect(store.runningTaskCount == 0)
        store.send(.openEditor)  // a new sheet, at the same place
        suggestions.open("stale")
        await store.waitForIdle()
        #expect(store.state.editor == .init(draft: ""))
    }

    @Test func aMessageForAnAbsentChildChangesNothing() {
        var state = TodoList.State()
        TodoList.reduceKeepingSharedElements(&state, .rows(5, .toggled))
        TodoList.reduceKeepingSharedElements(&state, .editor(.typed("x")))
        #expect(state == .init())
    }

    @Test func aScopedHandleReadsSendsAndObservesOnlyItsChild() async {
        let store = Store(TodoList(), initialState: .init())
        store.send(.add(1, "a"))
        store.send(.add(2, "b"))
        let row = store.scope(TodoList.rows, id: 1)
        let seen = Locked<[TodoRow.State?]>([])
        let subscription = row.subscribe { state in seen.withLock { $0.append(state) } }
        store.send(.rows(2, .toggle))  // another row: not seen
        row.send(.toggle)
        store.send(.remove(1))
        subscription.cancel()
        #expect(
            seen.withLock { $0 } == [
                .init(title: "a"), .init(title: "a", isDone: true), nil,
            ])
        #expect(row.state == nil)
        #expect(row.name == "TodoList/rows[1]")
        #expect(store.scope(TodoList.editor).name == "TodoList/editor")
    }

    @Test func intentsAndMessagesNameTheChildTheyRouteTo() {
        #expect(
            ChildPath.name(of: TodoList.Intent.rows(42, .toggle), in: TodoList.self, inStore: "TodoList")
                == "TodoList/rows[42]")
        #expect(
            ChildPath.name(of: TodoList.Message.editor(.typed("x")), in: TodoList.self, inStore: "TodoList")
                == "TodoList/editor")
        #expect(ChildPath.name(of: TodoList.Intent.add(1, "x"), in: TodoList.self, inStore: "TodoList") == "TodoList")
        #expect(TodoList.rows.name == "rows")
    }

    @Test func childrenOfManyThreadsLoseNothing() async {
        let store = Store(TodoList(), initialState: .init())
        for id in 0..<100 { store.send(.add(id, "\(id)")) }
        await withTaskGroup(of: Void.self) { group in
            for id in 0..<100 {
                group.addTask {
                    for _ in 0..<10 { store.send(.rows(id, .toggle)) }
                    store.send(.rows(id, .rename("done \(id)")))
                }
            }
        }
        await store.waitForIdle()
        #expect(store.state.rows.count == 100)
        #expect(store.state.rows.allSatisfy { id, row in !row.isDone && row.title == "done \(id)" })
    }
}
