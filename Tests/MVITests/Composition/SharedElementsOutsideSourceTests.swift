import MVI
import MVIFixtures
import Testing

/// Copies of an element their source does not hold: a store says so when it is created, and
/// a change to the source leaves them where they are.
@Suite(.timeLimit(.minutes(5))) struct SharedElementsOutsideSourceTests {
    let first = Note(id: 1, text: "first")
    let outside = Note(id: 7, text: "not in the list")

    @Test func copiesOfAnElementTheSourceDoesNotHoldAreReportedWhenTheStoreIsCreated() async {
        let errors = Collected<StoreError>()
        let store = Store(
            Notebook(),
            initialState: .init(
                notes: [first], path: DestinationStack([.editor(.init(note: outside)), .viewer(outside)])),
            name: "Notebook", onError: StoreErrorHandler { errors.append($0) })
        await store.waitForIdle()
        #expect(errors.values.count == 1)
        guard case .sharedElementNotInSource(let problem)? = errors.values.first?.underlying as? StoreMisuse else {
            Issue.record("not a shared element's report: \(errors.values)")
            return
        }
        // It names the feature, the element and the source, and says what to do.
        #expect(problem.contains("Notebook.sharedElements"))
        #expect(problem.contains("the element 7, which notes does not"))
        #expect(problem.contains("put the element in notes first"))
        #expect(errors.values.first?.origin == .misuse)
    }

    @Test func aStoreWhoseCopiesAllHaveTheirElementReportsNothing() async {
        let errors = Collected<StoreError>()
        let store = Store(
            Notebook(), initialState: .init(notes: [first], path: DestinationStack([.viewer(first)])),
            onError: StoreErrorHandler { errors.append($0) })
        await store.waitForIdle()
        #expect(errors.values.isEmpty)
    }

    @Test func aChangeToTheSourceLeavesCopiesOfAnElementItNeverHeld() {
        let store = Store(
            Notebook(), initialState: .init(notes: [first]), onError: StoreErrorHandler { _ in })
        store.send(.push(.viewer(outside)))
        store.send(.rename(1, "renamed"))
        #expect(store.state.notes == [Note(id: 1, text: "renamed")])
        #expect(store.state.path.states == [.viewer(outside)])
        store.send(.delete(1))
        #expect(store.state.path.states == [.viewer(outside)])
    }
}
