import MVITesting
import OrbitCircles
import Testing

/// The unit tests of Orbit's article, in Orbit's DSL: an initial state, the intent, then the states (as
/// changes to the one before) and the side effects, exhaustively.
@Suite("CreateOrEditCirclePresenter")
struct CreateOrEditCirclePresenterTests {
    // MARK: onDeleteCircleConfirmed (the original's worked example)

    @Test func `should exit when delete is confirmed and completes successfully`() async {
        let fakeCircle = fixtureCircle()
        let repository = FakeCirclesRepository(circles: [fakeCircle])
        let presenter = createPresenter(circlesRepository: repository)
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fakeCircle)
        let testPresenter = presenter.test(initialState)

        await testPresenter.testIntent {
            $0.onDeleteCircleConfirmed()
        }

        await testPresenter.assert(initialState) {
            states(
                { $0.committingChanges = true }
            )
            postedSideEffects(.openAggregatedFeed)
        }
        #expect(repository.calls == ["deleteCircle(circle-42)"])
    }

    @Test func `should show an error and stop committing when delete fails`() async {
        let fakeCircle = fixtureCircle()
        let repository = FakeCirclesRepository(circles: [fakeCircle], failing: true)
        let presenter = createPresenter(circlesRepository: repository)
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fakeCircle)
        let testPresenter = presenter.test(initialState)

        await testPresenter.testIntent { $0.onDeleteCircleConfirmed() }

        await testPresenter.assert(initialState) {
            states(
                { $0.committingChanges = true },
                { $0.committingChanges = false }
            )
            postedSideEffects(.showError)
        }
        #expect(repository.calls == ["deleteCircle(circle-42)"])
    }

    @Test func `should ask before deleting`() async {
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fixtureCircle())
        let testPresenter = createPresenter(circlesRepository: FakeCirclesRepository()).test(initialState)

        await testPresenter.testIntent { $0.onDeleteCircleRequested() }

        await testPresenter.assert(initialState) {
            postedSideEffects(.showDeleteConfirmation)
        }
    }

    // MARK: onCheckFormRequested

    @Test func `should enable the CTA when the form has a name and a cover photo`() async {
        let initialState = CreateOrEditState()
        let testPresenter = createPresenter(circlesRepository: FakeCirclesRepository()).test(initialState)

        await testPresenter.testIntent { $0.onCheckFormRequested(filledRequest) }

        await testPresenter.assert(initialState) {
            states({ $0.ctaEnabled = true })
        }
    }

    @Test(arguments: [
        CreateOrEditCircleRequest(circleName: "   ", coverPhoto: "file://something.jpg"),
        CreateOrEditCircleRequest(circleName: "Test", coverPhoto: ""),
    ])
    func `should disable the CTA when the form is incomplete`(request: CreateOrEditCircleRequest) async {
        let initialState = CreateOrEditState(ctaEnabled: true)
        let testPresenter = createPresenter(circlesRepository: FakeCirclesRepository()).test(initialState)

        await testPresenter.testIntent { $0.onCheckFormRequested(request) }

        await testPresenter.assert(initialState) {
            states({ $0.ctaEnabled = false })
        }
    }

    // MARK: onFormSubmitted

    @Test func `should open the invite screen when a new circle is created`() async {
        let repository = FakeCirclesRepository()
        let initialState = CreateOrEditState(ctaEnabled: true)
        let testPresenter = createPresenter(circlesRepository: repository).test(initialState)

        await testPresenter.testIntent { $0.onFormSubmitted(filledRequest) }

        await testPresenter.assert(initialState) {
            states({ $0.committingChanges = true })
            postedSideEffects(.openCircleInvite("circle-1"))
        }
        #expect(repository.calls == ["createCircle(Test)"])
    }

    @Test func `should open the circle's feed when an edited circle is saved`() async {
        let fakeCircle = fixtureCircle()
        let repository = FakeCirclesRepository(circles: [fakeCircle])
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fakeCircle, ctaEnabled: true)
        let testPresenter = createPresenter(circlesRepository: repository).test(initialState)

        await testPresenter.testIntent {
            $0.onFormSubmitted(CreateOrEditCircleRequest(circleName: "Renamed", coverPhoto: fakeCircle.coverPhoto))
        }

        await testPresenter.assert(initialState) {
            states({ $0.committingChanges = true })
            postedSideEffects(.openCircleFeed("circle-42"))
        }
        #expect(repository.calls == ["editCircle(circle-42)"])
    }

    @Test(arguments: [CreateOrEditState.Mode.create, .edit])
    func `should show an error and stop committing when submitting fails`(mode: CreateOrEditState.Mode) async {
        let initialState = CreateOrEditState(
            mode: mode, editedCircle: mode == .edit ? fixtureCircle() : nil, ctaEnabled: true)
        let testPresenter = createPresenter(circlesRepository: FakeCirclesRepository(failing: true)).test(initialState)

        await testPresenter.testIntent { $0.onFormSubmitted(filledRequest) }

        await testPresenter.assert(initialState) {
            states(
                { $0.committingChanges = true },
                { $0.committingChanges = false }
            )
            postedSideEffects(.showError)
        }
    }

    // MARK: onExitFromCreateCircleFlowRequested

    @Test func `should ask before leaving a new circle with changes`() async {
        let initialState = CreateOrEditState()
        let testPresenter = createPresenter(circlesRepository: FakeCirclesRepository()).test(initialState)

        await testPresenter.testIntent { $0.onExitFromCreateCircleFlowRequested(filledRequest) }

        await testPresenter.assert(initialState) {
            postedSideEffects(.showExitConfirmation)
        }
    }

    @Test func `should close an empty new circle without asking`() async {
        let initialState = CreateOrEditState()
        let testPresenter = createPresenter(circlesRepository: FakeCirclesRepository()).test(initialState)

        await testPresenter.testIntent {
            $0.onExitFromCreateCircleFlowRequested(CreateOrEditCircleRequest(circleName: "", coverPhoto: ""))
        }

        await testPresenter.assert(initialState) {
            postedSideEffects(.close)
        }
    }

    @Test func `should ask before leaving an edited circle with changes, and close it without`() async {
        let fakeCircle = fixtureCircle()
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fakeCircle)
        let testPresenter = createPresenter(circlesRepository: FakeCirclesRepository()).test(initialState)

        await testPresenter.testIntent {
            $0.onExitFromCreateCircleFlowRequested(
                CreateOrEditCircleRequest(circleName: "Renamed", coverPhoto: fakeCircle.coverPhoto))
        }
        await testPresenter.testIntent {
            $0.onExitFromCreateCircleFlowRequested(
                CreateOrEditCircleRequest(circleName: fakeCircle.name, coverPhoto: fakeCircle.coverPhoto))
        }

        await testPresenter.assert(initialState) {
            postedSideEffects(.showExitConfirmation, .close)
        }
    }

    // MARK: onEditCircleRequested

    @Test func `should load the circle to edit`() async {
        let fakeCircle = fixtureCircle()
        let repository = FakeCirclesRepository(circles: [fakeCircle])
        let initialState = CreateOrEditState()
        let testPresenter = createPresenter(circlesRepository: repository).test(initialState)

        await testPresenter.testIntent { $0.onEditCircleRequested(fakeCircle.id) }

        await testPresenter.assert(initialState) {
            states(
                { $0.mode = .edit },
                { $0.editedCircle = fakeCircle }
            )
        }
        #expect(repository.calls == ["getCircle(circle-42)"])
    }

    @Test func `should show an init edit error when the circle cannot be loaded`() async {
        let initialState = CreateOrEditState()
        let testPresenter = createPresenter(circlesRepository: FakeCirclesRepository()).test(initialState)

        await testPresenter.testIntent { $0.onEditCircleRequested("missing") }

        await testPresenter.assert(initialState) {
            states({ $0.mode = .edit })
            postedSideEffects(.showInitEditError)
        }
    }

    // MARK: dispatch

    @Test func `should reach the presenter method each view intent stands for`() async {
        let fakeCircle = fixtureCircle()
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fakeCircle)
        let testPresenter = createPresenter(circlesRepository: FakeCirclesRepository(circles: [fakeCircle])).test(
            initialState)

        await testPresenter.testIntent { $0.dispatch(.onCheckFormRequested(createCircleRequestDomain: filledRequest)) }
        await testPresenter.testIntent { $0.dispatch(.onExitRequested(createCircleRequestDomain: filledRequest)) }
        await testPresenter.testIntent { $0.dispatch(.onDeleteCircleRequested) }
        await testPresenter.testIntent { $0.dispatch(.onFormSubmitted(createCircleRequestDomain: filledRequest)) }
        await testPresenter.assert(initialState) {
            states({ $0.ctaEnabled = true }, { $0.committingChanges = true })
            postedSideEffects(.close, .showDeleteConfirmation, .openCircleFeed("circle-42"))
        }

        let deleting = createPresenter(circlesRepository: FakeCirclesRepository(circles: [fakeCircle])).test(
            initialState)
        await deleting.testIntent { $0.dispatch(.onDeleteCircleConfirmed) }
        await deleting.assert(initialState) {
            states({ $0.committingChanges = true })
            postedSideEffects(.openAggregatedFeed)
        }
    }
}
