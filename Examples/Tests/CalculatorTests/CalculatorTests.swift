import Calculator
import MVI
import MVIView
import MVISnapshotTesting
import MVITesting
import SnapshotTesting
import Testing
import TextUI

/// MVIKotlin's CalculatorStore, tested with the exhaustive test store.
@Suite(.timeLimit(.minutes(5))) struct CalculatorStoreTests {
    @Test func incrementAndDecrement() async {
        let store = TestStore(CalculatorStore(), initialState: .init())
        await store.send(.increment) { $0.value = 1 }
        await store.send(.increment) { $0.value = 2 }
        await store.send(.decrement) { $0.value = 1 }
        await store.finish()
    }

    @Test func sumRunsOffTheSendPath() async {
        let store = TestStore(CalculatorStore(), initialState: .init())
        await store.send(.sum(10))
        await store.receive(.value(55)) { $0.value = 55 }
        await store.finish()
    }
}

/// The view side: the view bound to the store for its lifecycle, and `diff`.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct CalculatorViewTests {
    @Test func theBoundViewRendersAndSendsOnlyWhileStarted() async {
        let controller = CalculatorController()
        let view = CalculatorViewImpl()
        let lifecycle = Lifecycle()
        controller.onViewCreated(view, lifecycle: lifecycle)
        lifecycle.create()
        view.incrementButton.click()
        #expect(controller.store.state.value == 0, "not started: the click goes nowhere")

        lifecycle.start()
        #expect(view.textView.text == "0")
        view.incrementButton.click()
        view.incrementButton.click()
        view.decrementButton.click()
        #expect(controller.store.state.value == 1)
        while view.textView.text != "1" { await Task.yield() }

        lifecycle.stop()
        controller.store.send(.increment)  // e.g. from elsewhere while the view is stopped
        await Task.yield()
        #expect(view.textView.text == "1", "a stopped view is not rendered")
        lifecycle.start()
        #expect(view.textView.text == "2", "restarting renders the current state")
        lifecycle.destroy()
    }

    @Test func userInfoSetsTheFriendsListOnlyWhenItChanges() {
        let view = UserInfoViewImpl()
        let friends = ["Bob", "Cid"]
        view.render(UserInfoModel(name: "Ann", friendNames: friends))
        view.render(UserInfoModel(name: "Anna", friendNames: friends))  // same list storage
        #expect(view.nameText.setCount == 2)
        #expect(view.friendsList.setCount == 1, "the original's `a === b`: the list was not set again")
        view.render(UserInfoModel(name: "Anna", friendNames: ["Bob"]))
        #expect(view.nameText.setCount == 2)
        #expect(view.friendsList.setCount == 2)
    }

    @Test(arguments: ["0", "42", "-7"])
    func calculatorScreenshots(value: String) {
        assertSnapshot(
            of: CalculatorViewImpl(), as: .rendering(CalculatorViewModel(value: value)), named: "value\(value)")
    }

    @Test func userInfoScreenshot() {
        assertSnapshot(
            of: UserInfoViewImpl(), as: .rendering(UserInfoModel(name: "Ann", friendNames: ["Bob", "Cid"])),
            named: "friends")
    }
}
