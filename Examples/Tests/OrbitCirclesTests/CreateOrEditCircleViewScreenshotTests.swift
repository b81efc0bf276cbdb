import MVISnapshotTesting
import OrbitCircles
import SnapshotTesting
import Testing

/// Screenshot tests (text on Linux): one reference per state of the screen, under
/// `__Snapshots__/CreateOrEditCircleViewScreenshotTests/`.
@MainActor
@Suite("CreateOrEditCircleView screenshots")
struct CreateOrEditCircleViewScreenshotTests {
    /// A view whose form was filled in by the user.
    func filledView() -> CreateOrEditCircleView {
        let view = CreateOrEditCircleView(dispatcher: { _ in })
        view.typeName(filledRequest.circleName)
        view.pickCoverPhoto(filledRequest.coverPhoto)
        return view
    }

    /// A view showing the circle loaded for editing.
    func editView() -> CreateOrEditCircleView {
        let view = CreateOrEditCircleView(dispatcher: { _ in })
        view.render(CreateOrEditState(mode: .edit, editedCircle: fixtureCircle()))
        return view
    }

    @Test("create, empty")
    func createEmpty() {
        let view = CreateOrEditCircleView(dispatcher: { _ in })
        assertSnapshot(of: view, as: .rendering(CreateOrEditState()))
    }

    @Test("create, filled in: the CTA is enabled")
    func createFilled() {
        assertSnapshot(of: filledView(), as: .rendering(CreateOrEditState(ctaEnabled: true)))
    }

    @Test("creating: the create spinner")
    func creating() {
        assertSnapshot(
            of: filledView(), as: .rendering(CreateOrEditState(committingChanges: true, ctaEnabled: true)))
    }

    @Test("edit, loaded: the circle's data and the delete button")
    func editLoaded() {
        let view = CreateOrEditCircleView(dispatcher: { _ in })
        assertSnapshot(
            of: view, as: .rendering(CreateOrEditState(mode: .edit, editedCircle: fixtureCircle())))
    }

    @Test("saving: the edit spinner")
    func saving() {
        let view = editView()
        view.typeName("Renamed")
        assertSnapshot(
            of: view,
            as: .rendering(
                CreateOrEditState(mode: .edit, committingChanges: true, editedCircle: fixtureCircle(), ctaEnabled: true)
            ))
    }

    @Test func `the edited circle fills the form once: later states keep what the user typed`() {
        let view = editView()
        view.typeName("Renamed")
        view.render(CreateOrEditState(mode: .edit, editedCircle: fixtureCircle(), ctaEnabled: true))
        #expect(view.request == CreateOrEditCircleRequest(circleName: "Renamed", coverPhoto: "file://something.jpg"))
    }

    @Test func `the spinner goes when committing ends`() {
        let view = filledView()
        view.render(CreateOrEditState(committingChanges: true, ctaEnabled: true))
        #expect(view.renderedText.contains("[spinner] Creating…"))
        view.render(CreateOrEditState(ctaEnabled: true))
        #expect(!view.renderedText.contains("[spinner]"))
    }

    @Test(arguments: [
        (CreateOrEditState.Mode.create, CreateOrEditSideEffect.showError, "[dialog] The circle could not be created."),
        (.edit, .showError, "[dialog] The changes could not be saved."),
        (.create, .showExitConfirmation, "[dialog] Discard the new circle?"),
        (.edit, .showExitConfirmation, "[dialog] Discard your changes?"),
        (.edit, .showDeleteConfirmation, "[dialog] Delete this circle? [ Delete ]"),
        (.edit, .showInitEditError, "[dialog] The circle could not be loaded."),
        (.create, .openCircleInvite("circle-1"), "[navigation] circle invite circle-1"),
        (.edit, .openCircleFeed("circle-42"), "[navigation] circle feed circle-42"),
        (.edit, .openAggregatedFeed, "[navigation] aggregated feed"),
        (.create, .close, "[navigation] closed"),
    ])
    func `side effects open dialogs by mode, or navigate`(
        mode: CreateOrEditState.Mode, sideEffect: CreateOrEditSideEffect, line: String
    ) {
        let view = CreateOrEditCircleView(dispatcher: { _ in })
        view.render(CreateOrEditState(mode: mode))
        view.handleSideEffect(sideEffect)
        #expect(view.renderedText.hasSuffix("\n  " + line))
    }
}
