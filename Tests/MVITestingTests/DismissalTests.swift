import MVI
import MVITesting
import Testing

/// A sheet that closes itself: at once on `cancel`, after its work on `save`.
private struct Sheet: Feature {
    struct State: Equatable, Sendable { var title = "" }
    enum Intent: Sendable { case rename(String), cancel, save, startTimer }
    enum Message: DismissibleMessage, Equatable { case dismiss, renamed(String) }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .dismiss: break
        case .renamed(let title): state.title = title
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .rename(let title): context.dispatch(.renamed(title))
        case .cancel: context.dismiss()
        case .save: context.run(id: "save") { work in await work.dismiss() }
        case .startTimer:
            context.run(id: "timer") { work in
                while true {
                    try await Task.sleep(for: .seconds(3600))
                    await work.dispatch(.renamed("tick"))
                }
            }
        }
    }
}

@Suite struct DismissalTests {
    @Test func aFeatureThatDismissesItselfIsDismissed() async {
        let store = TestStore(Sheet(), initialState: .init())
        await store.send(.rename("Standup")) { $0.title = "Standup" }
        #expect(!store.isDismissed)
        await store.send(.cancel)
        #expect(store.isDismissed)
    }

    @Test func aDismissalFromAsyncWorkIsReceivedThenDismissed() async {
        let store = TestStore(Sheet(), initialState: .init())
        await store.send(.save)
        await store.receive(.dismiss)
        #expect(store.isDismissed)
        await store.finish()
    }

    /// In an app, the parent removes a child that dismisses itself and cancels its work; on a
    /// store of its own the feature's work ends the same way, and `finish()` has nothing left
    /// to wait for (it reported the timer still running before).
    @Test func aFeatureThatDismissesItselfEndsItsWork() async {
        let store = TestStore(Sheet(), initialState: .init(), timeout: .seconds(5))
        await store.send(.startTimer)
        await store.send(.cancel)
        #expect(store.isDismissed)
        await store.finish()
    }

    @Test func sendingAfterTheFeatureDismissedItselfFails() async {
        let store = TestStore(Sheet(), initialState: .init())
        await store.send(.cancel)
        await withKnownIssue {
            await store.send(.rename("late"))
        } matching: { issue in
            issue.description.contains("after the feature dismissed itself")
        }
        #expect(store.state.title == "")
    }

    @Test func aFeatureWhoseMessagesCannotDismissIsNeverDismissed() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.increment) { $0.count = 1 }
        #expect(!store.isDismissed)
    }
}

private struct Counter: Feature {
    struct State: Equatable, Sendable { var count = 0 }
    enum Intent: Sendable { case increment }
    enum Message: Sendable, Equatable { case incremented }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .incremented: state.count += 1
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment: context.dispatch(.incremented)
        }
    }
}
