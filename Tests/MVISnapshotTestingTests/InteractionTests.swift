import Foundation
import MVI
import MVIView
import MVIFixtures
import MVISnapshotTesting
import SnapshotTesting
import Testing

@MainActor
@Suite("Interaction tests")
struct InteractionTests {
    @Test("Orbit's CreateCircle screen: what each element dispatches, as JSON")
    func createCircleInteractions() {
        let interactions = InteractionLog<CreateCircleIntent>()
        let state = CreateCircleState(circleName: "Test", coverPhoto: "file://something.jpg")
        let screen = CreateCircleScreen(state: state, dispatch: interactions.dispatch)

        interactions.record("button_close", view: "ImageView") { screen.closeButton.click() }
        interactions.record("input_name", view: "EditText", "textChanged") {
            screen.type("Tes")
            screen.type("Test")
        }
        interactions.record("button_save", view: "Button") { screen.saveButton.click() }

        #expect(interactions.count == 4)
        assertSnapshot(of: interactions, as: .interactions)
    }

    @Test("A disabled button records an empty list: the interaction dispatched nothing")
    func disabledButtonDispatchesNothing() {
        let interactions = InteractionLog<CreateCircleIntent>()
        let screen = CreateCircleScreen(state: CreateCircleState(), dispatch: interactions.dispatch)
        interactions.record("button_save", view: "Button") { screen.saveButton.click() }
        #expect(interactions.count == 0)
        assertSnapshot(of: interactions, as: .interactions)
    }

    @Test("An MVIView's events are recorded by observing the view")
    func calculatorInteractions() {
        let ui = makeCalculatorRoot()
        let view = CalculatorViewImpl(root: ui.root)
        let interactions = InteractionLog<CalculatorViewEvent>()
        let subscription = interactions.observe(view)
        interactions.record("button_increment", view: "Button") {
            ui.increment.click()
            ui.increment.click()
        }
        interactions.record("button_decrement", view: "Button") { ui.decrement.click() }
        view.dispatch(.incrementClicked)  // outside any record: unattributed
        subscription.cancel()
        ui.increment.click()  // no longer observed
        #expect(interactions.count == 4)
        assertSnapshot(of: interactions, as: .interactions)
    }

    @Test("The JSON is stable: keys sorted whatever the recording order")
    func stableJSON() {
        let first = InteractionLog<CreateCircleIntent>()
        let second = InteractionLog<CreateCircleIntent>()
        first.record("b", view: "Button") { first.dispatch(.onSaveClicked) }
        first.record("a", view: "EditText", "textChanged") { first.dispatch(.onNameChanged("x")) }
        second.record("a", view: "EditText", "textChanged") { second.dispatch(.onNameChanged("x")) }
        second.record("b", view: "Button") { second.dispatch(.onSaveClicked) }
        #expect(first.json == second.json)
        #expect(first.json.contains("\"onNameChanged\" : {\n"))
    }

    @Test("A changed interaction fails against the reference")
    func changedInteractionFails() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mvi-interactions-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let interactions = InteractionLog<CreateCircleIntent>()
        interactions.record("button_save", view: "Button") { interactions.dispatch(.onSaveClicked) }

        // A missing reference fails (and is written, as swift-snapshot-testing does by default).
        let missing = verifySnapshot(
            of: interactions, as: .interactions, named: "save", record: .missing,
            snapshotDirectory: directory.path)
        #expect(missing != nil)
        // Now it matches.
        #expect(
            verifySnapshot(
                of: interactions, as: .interactions, named: "save", record: .never,
                snapshotDirectory: directory.path) == nil)
        // A different intent does not.
        interactions.record("button_save", view: "Button") { interactions.dispatch(.onNameChanged("oops")) }
        let changed = try #require(
            verifySnapshot(
                of: interactions, as: .interactions, named: "save", record: .never,
                snapshotDirectory: directory.path))
        #expect(changed.contains("onNameChanged"))
    }
}
