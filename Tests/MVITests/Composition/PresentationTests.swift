import MVI
import MVIFixtures
import MVITesting
import Testing

/// Issue 31, item 5: a child closes itself without knowing its parent, and alerts and dialogs
/// are plain state with typed buttons.
@Suite(.timeLimit(.minutes(5))) struct PresentationTests {
    // MARK: A child that dismisses itself

    @Test func anOptionalChildClosesItself() async {
        let store = TestStore(Sheets(), initialState: .init(optional: .init(text: "draft")))
        await store.send(.optional(.cancel)) { $0.optional = nil }
        await store.finish()
    }

    @Test func anEnumDestinationClosesItselfOnlyInItsOwnCase() async {
        let store = TestStore(Sheets(), initialState: .init(destination: .sheet(.init())))
        await store.send(.destination(.cancel)) { $0.destination = nil }

        // A dismissal for a case the destination no longer shows closes nothing.
        var state = Sheets.State(destination: .other(.init(text: "kept")))
        Sheets.reduceKeepingSharedElements(&state, .destination(.dismiss))
        #expect(state.destination == .other(.init(text: "kept")))
        Sheets.reduceKeepingSharedElements(&state, .other(.dismiss))
        #expect(state.destination == nil)
    }

    @Test func aScreenClosesItselfAndTheScreensAboveIt() async {
        let stack = DestinationStack([Sheet.State(text: "a"), .init(text: "b"), .init(text: "c")])
        let store = TestStore(Sheets(), initialState: .init(path: stack))
        await store.send(.path(1, .cancel)) { $0.path = DestinationStack([.init(text: "a")]) }
        // Ids stay unused: the next screen pushed is not mistaken for a closed one.
        var state = store.state
        #expect(state.path.push(.init()) == 3)
    }

    @Test func aRowClosesItselfAlone() async {
        let store = TestStore(Sheets(), initialState: .init(rows: [1: .init(text: "one"), 2: .init(text: "two")]))
        await store.send(.rows(2, .cancel)) { $0.rows = [1: .init(text: "one")] }
    }

    @Test func aChildThatCannotLeaveItsPlaceGetsTheMessageItself() async {
        let store = TestStore(Sheets(), initialState: .init(pinned: .init(text: "pinned")))
        await store.send(.pinned(.cancel))  // its reducer makes nothing of it: nothing changes
        #expect(store.state.pinned == .init(text: "pinned"))
        var state = Sheets.State()
        #expect(!Sheets.pinned.remove(from: &state))
    }

    @Test func aChildClosesItselfFromItsAsyncWorkAndTheWorkEndsWithIt() async {
        let source = Gate<String>()
        let store = TestStore(Sheets(), initialState: .init(optional: .init()), environment: Fakes(source))
        await store.send(.optional(.saveLater))
        source.open("saved")
        await store.receive(.optional(.typed("saved"))) { $0.optional?.text = "saved" }
        await store.receive(.optional(.dismiss)) { $0.optional = nil }
        // What the work dispatches after its sheet closed is never applied.
        await store.finish()
    }

    @Test func dismissalIsAMessageThatLogsAndReplaysLikeAnyOther() async {
        let messages = Collected<String>()
        let store = Store(
            Sheets(), initialState: .init(rows: [7: .init()]),
            middleware: [MessageRecorder(messages: messages)])
        store.send(.rows(7, .cancel))
        await store.waitForIdle()
        #expect(messages.values == ["rows(7, MVITests.Sheet.Message.dismiss)"])
        #expect(store.state.rows.isEmpty)
    }

    @Test func standingAloneAChildsReducerGetsItsDismissal() async {
        let store = Store(Sheet(), initialState: .init(text: "alone"))
        store.send(.cancel)
        await store.waitForIdle()
        #expect(store.state == .init(text: "alone"))
    }

    @Test func aParentRemovesAChildThroughItsScope() {
        var state = Sheets.State(optional: .init(), path: DestinationStack([.init(), .init()]), rows: [1: .init()])
        #expect(Sheets.optional.remove(from: &state))
        #expect(!Sheets.optional.remove(from: &state))
        #expect(Sheets.path.remove(from: &state, id: 0))
        #expect(state.path.count == 0)
        #expect(Sheets.rows.remove(from: &state, id: 1))
        #expect(!Sheets.rows.remove(from: &state, id: 1))
    }

    @Test func manyChildrenClosingThemselvesAtOnceLoseNoOtherChild() async {
        // Rows close themselves from eight threads while others type: every row that was
        // asked to close is gone, every other row has its text.
        let rows = Dictionary(uniqueKeysWithValues: (0..<800).map { ($0, Sheet.State()) })
        let store = Store(Sheets(), initialState: .init(rows: rows))
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    for row in stride(from: thread, to: 800, by: 8) {
                        store.send(.rows(row, row.isMultiple(of: 2) ? .cancel : .type("\(row)")))
                    }
                }
            }
        }
        await store.waitForIdle()
        #expect(store.state.rows.count == 400)
        #expect(store.state.rows.allSatisfy { !$0.key.isMultiple(of: 2) && $0.value.text == "\($0.key)" })
    }

    @Test func aChildsSideEffectCanBeAMessageItsParentReducesAtOnce() async {
        let store = TestStore(SaverHost(), initialState: .init())
        // From execute: reduced within the send. From the child's work: received.
        await store.send(.saver(.save(1))) { $0.saved = [1] }
        await store.receive(.saved(10)) { $0.saved = [1, 10] }
        await store.finish()
    }

    // MARK: Alerts and dialogs as state

    enum Choice: Equatable, Sendable { case delete, archive }

    @Test func anAlertIsEquatableStateWithTypedButtons() {
        let alert = AlertState<Choice>(
            title: "Delete?", message: "This cannot be undone.",
            buttons: [.destructive("Delete", action: .delete), .cancel("Cancel")])
        #expect(
            alert
                == AlertState(
                    title: "Delete?", message: "This cannot be undone.",
                    buttons: [.destructive("Delete", action: .delete), .cancel("Cancel")]))
        #expect(
            alert
                != AlertState(
                    title: "Delete?", message: "This cannot be undone.",
                    buttons: [.destructive("Delete", action: .archive), .cancel("Cancel")]))
        #expect(alert.buttons.map(\.action) == [.delete, nil])
        #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
        #expect(alert.description == "Delete? This cannot be undone. [Delete] [Cancel]")
    }

    @Test func anAlertWithoutButtonsShowsOneThatOnlyDismisses() {
        let alert = AlertState<Choice>(title: "Saved")
        #expect(alert.shownButtons == [.cancel("OK")])
        #expect(alert.description == "Saved [OK]")
    }

    @Test func aChildsAlertIsShownByItsParentWithItsActionsEmbedded() {
        enum Parent: Equatable, Sendable { case child(Choice) }
        let alert = AlertState<Choice>(title: "?", buttons: [.init("Archive", action: .archive), .cancel("No")])
        let shown = alert.map(Parent.child)
        #expect(shown.buttons.map(\.action) == [.child(.archive), nil])
        let dialog = ConfirmationDialogState<Choice>(
            title: "Choose", titleVisibility: .visible, buttons: [.init("Delete", action: .delete)])
        #expect(dialog.map(Parent.child).buttons.first?.action == .child(.delete))
        #expect(dialog.titleVisibility == .visible)
    }
}

/// Records each message's description, as a log would.
private struct MessageRecorder: Middleware {
    let messages: Collected<String>

    func handle(_ event: StoreEvent<Sheets>, _ context: borrowing MiddlewareContext<Sheets>) {
        if case .message(let message) = event { messages.append(String(describing: message)) }
    }
}
