import Foundation
import MVI
import MVIFixtures
import MVISnapshotTesting
import SnapshotTesting
import Testing

@MainActor
@Suite("Interaction tests")
struct InteractionTests {
    @Test("Orbit's CreateCircle screen: what each element dispatches, as JSON")
    func createCircleInteractions() {
        let recorder = InteractionRecorder<CreateCircleIntent>()
        let state = CreateCircleState(circleName: "Test", coverPhoto: "file://something.jpg")
        let screen = CreateCircleScreen(state: state, dispatch: recorder.dispatch)

        recorder.record("button_close", view: "ImageView") { screen.closeButton.click() }
        recorder.record("input_name", view: "EditText", "textChanged") {
            screen.type("Tes")
            screen.type("Test")
        }
        recorder.record("button_save", view: "Button") { screen.saveButton.click() }

        #expect(recorder.count == 4)
        assertSnapshot(of: recorder, as: .interactions)
    }

    @Test("A disabled button records an empty list: the interaction dispatched nothing")
    func disabledButtonDispatchesNothing() {
        let recorder = InteractionRecorder<CreateCircleIntent>()
        let screen = CreateCircleScreen(state: CreateCircleState(), dispatch: recorder.dispatch)
        recorder.record("button_save", view: "Button") { screen.saveButton.click() }
        #expect(recorder.count == 0)
        assertSnapshot(of: recorder, as: .interactions)
    }

    @Test("An MVIView's events are recorded by observing the view")
    func calculatorInteractions() {
        let ui = makeCalculatorRoot()
        let view = CalculatorViewImpl(root: ui.root)
        let recorder = InteractionRecorder<CalculatorViewEvent>()
        let subscription = recorder.observe(view)
        recorder.record("button_increment", view: "Button") {
            ui.increment.click()
            ui.increment.click()
        }
        recorder.record("button_decrement", view: "Button") { ui.decrement.click() }
        view.dispatch(.incrementClicked)  // outside any record: unattributed
        subscription.cancel()
        ui.increment.click()  // no longer observed
        #expect(recorder.count == 4)
        assertSnapshot(of: recorder, as: .interactions)
    }

    @Test("The JSON is stable: keys sorted whatever the recording order")
    func stableJSON() {
        let first = InteractionRecorder<CreateCircleIntent>()
        let second = InteractionRecorder<CreateCircleIntent>()
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
        let recorder = InteractionRecorder<CreateCircleIntent>()
        recorder.record("button_save", view: "Button") { recorder.dispatch(.onSaveClicked) }

        // A missing reference fails (and is written, as swift-snapshot-testing does by default).
        let missing = verifySnapshot(
            of: recorder, as: .interactions, named: "save", record: .missing,
            snapshotDirectory: directory.path)
        #expect(missing != nil)
        // Now it matches.
        #expect(
            verifySnapshot(
                of: recorder, as: .interactions, named: "save", record: .never,
                snapshotDirectory: directory.path) == nil)
        // A different intent does not.
        recorder.record("button_save", view: "Button") { recorder.dispatch(.onNameChanged("oops")) }
        let changed = try #require(
            verifySnapshot(
                of: recorder, as: .interactions, named: "save", record: .never,
                snapshotDirectory: directory.path))
        #expect(changed.contains("onNameChanged"))
    }
}
