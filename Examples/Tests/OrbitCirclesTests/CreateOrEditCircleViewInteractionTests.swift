import MVI
import MVISnapshotTesting
import OrbitCircles
import SnapshotTesting
import Testing
import TextUI

/// Interaction tests: what each element of the screen dispatches, as JSON references under
/// `__Snapshots__/CreateOrEditCircleViewInteractionTests/`.
@MainActor
@Suite("CreateOrEditCircleView interactions")
struct CreateOrEditCircleViewInteractionTests {
    /// An interaction log that prints the request as the original does, `{circleName="…",coverPhoto="…"}`,
    /// rather than as a nested object.
    func seedInteractions() -> InteractionLog<CreateOrEditCircleIntent> {
        InteractionLog { intent in
            switch intent {
            case .onCheckFormRequested(let request):
                ("onCheckFormRequested", [("createCircleRequestDomain", request.description)])
            case .onFormSubmitted(let request):
                ("onFormSubmitted", [("createCircleRequestDomain", request.description)])
            case .onExitRequested(let request):
                ("onExitRequested", [("createCircleRequestDomain", request.description)])
            case .onDeleteCircleRequested: ("onDeleteCircleRequested", [])
            case .onDeleteCircleConfirmed: ("onDeleteCircleConfirmed", [])
            }
        }
    }

    @Test("The close button, as in the original")
    func buttonClose() {
        let interactions = seedInteractions()
        let view = CreateOrEditCircleView(dispatcher: interactions.dispatch)
        view.render(CreateOrEditState(mode: .edit, editedCircle: fixtureCircle()))

        interactions.record("button_close", view: "ImageView") { view.closeButton.click() }

        #expect(interactions.count == 1)
        assertSnapshot(of: interactions, as: .interactions)
    }

    @Test("Every element of the screen")
    func allElements() {
        let interactions = seedInteractions()
        let view = CreateOrEditCircleView(dispatcher: interactions.dispatch)
        view.render(CreateOrEditState())

        interactions.record("button_save", view: "Button") { view.saveButton.click() }  // disabled: nothing
        interactions.record("input_name", view: "EditText", "textChanged") {
            view.typeName("Tes")
            view.typeName("Test")
        }
        interactions.record("image_cover", view: "ImageView", "photoPicked") {
            view.pickCoverPhoto("file://something.jpg")
        }
        view.render(CreateOrEditState(ctaEnabled: true))
        interactions.record("button_save", view: "Button") { view.saveButton.click() }
        interactions.record("button_close", view: "ImageView") { view.closeButton.click() }
        interactions.record("button_delete", view: "Button") { view.deleteButton.click() }  // create mode: nothing

        view.render(CreateOrEditState(mode: .edit, editedCircle: fixtureCircle()))
        interactions.record("button_delete", view: "Button") { view.deleteButton.click() }
        view.handleSideEffect(.showDeleteConfirmation)
        interactions.record("button_confirm_delete", view: "Button") {
            view.confirmDeleteButton.click()
            view.confirmDeleteButton.click()  // the dialog closed: nothing
        }

        #expect(interactions.count == 7)
        assertSnapshot(of: interactions, as: .interactions)
    }

    @Test func `the reflecting interactions nests the request as an object`() {
        let interactions = InteractionLog<CreateOrEditCircleIntent>()
        let view = CreateOrEditCircleView(dispatcher: interactions.dispatch)
        view.render(CreateOrEditState(mode: .edit, editedCircle: fixtureCircle()))
        interactions.record("button_close", view: "ImageView") { view.closeButton.click() }
        #expect(interactions.json.contains("\"circleName\" : \"Test\""))
        #expect(interactions.json.contains("\"createCircleRequestDomain\" : {"))
    }

    @Test func `the view drives the real presenter`() async {
        let fakeCircle = fixtureCircle()
        let repository = FakeCirclesRepository(circles: [fakeCircle])
        let presenter = CreateOrEditCirclePresenter(circlesRepository: repository)
        let view = CreateOrEditCircleView(dispatcher: presenter.dispatch)

        presenter.onEditCircleRequested(fakeCircle.id)
        await presenter.container.waitForIdle()
        view.render(presenter.state)
        #expect(view.request == filledRequest)

        view.typeName("Renamed")
        await presenter.container.waitForIdle()
        view.render(presenter.state)
        #expect(view.saveButton.isEnabled)

        view.saveButton.click()
        await presenter.container.waitForIdle()
        view.render(presenter.state)
        #expect(view.renderedText.contains("[spinner] Saving…"))
        #expect(repository.calls == ["getCircle(circle-42)", "editCircle(circle-42)"])
    }
}
