import Foundation
import MVI
import MVIView
import MVIFixtures
import MVISnapshotTesting
import SnapshotTesting
import Testing

@MainActor
@Suite("Screenshot tests")
struct ScreenshotTests {
    @Test("The Calculator view, one reference per state", arguments: ["0", "42", "-7"])
    func calculator(value: String) {
        let view = CalculatorViewImpl(root: makeCalculatorRoot().root)
        assertSnapshot(of: view, as: .rendering(CalculatorViewModel(value: value)), named: "value\(value)")
    }

    @Test("The UserInfo view with its friends list")
    func userInfo() {
        let view = UserInfoViewImpl()
        assertSnapshot(
            of: view, as: .rendering(UserInfoModel(name: "Ann", friendNames: ["Bob", "Cid"])), named: "friends")
        assertSnapshot(of: view, as: .rendering(UserInfoModel(name: "Dee", friendNames: [])), named: "alone")
    }

    @Test("A bound view: the store's state, mapped and rendered, is what the reference shows")
    func boundView() async {
        let store = Store(CalculatorStore(), initialState: .init(value: 3))
        let view = CalculatorViewImpl(root: makeCalculatorRoot().root)
        let binder = Binder(store).bind(view, model: CalculatorViewModel.init)
        binder.start()
        assertSnapshot(of: view, as: .text, named: "bound")
    }

    @Test(
        "The Playtomic-shaped CreateCircle screen, per state",
        arguments: [
            ("empty", CreateCircleState()),
            ("filled", CreateCircleState(circleName: "Test", coverPhoto: "file://something.jpg")),
            ("saving", CreateCircleState(circleName: "Test", coverPhoto: "", isCommittingChanges: true)),
        ])
    func createCircle(name: String, state: CreateCircleState) {
        let screen = CreateCircleScreen(state: state, dispatch: { _ in })
        assertSnapshot(of: screen.renderedText, as: .lines, named: name)
    }

    @Test("A different rendering fails against the reference")
    func changedRenderingFails() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mvi-screens-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let view = CalculatorViewImpl(root: makeCalculatorRoot().root)
        _ = verifySnapshot(
            of: view, as: .rendering(CalculatorViewModel(value: "1")), named: "one", record: .all,
            snapshotDirectory: directory.path)
        let failure = try #require(
            verifySnapshot(
                of: view, as: .rendering(CalculatorViewModel(value: "2")), named: "one", record: .never,
                snapshotDirectory: directory.path))
        #expect(failure.contains("[text] 2"))
    }
}
