import MVI
import MVIFixtures
import MVITesting
import Testing

/// The unit tests of Orbit's "Why MVI?" article, nearly verbatim.
@Suite struct CreateOrEditCirclePresenterTests {
    let fakeCircle = Circle(id: "circle-1", name: "Climbing")

    @Test func `should exit when delete is confirmed and completes successfully`() async {
        let deleted = Collected<String>()
        let presenter = createPresenter(
            circlesRepository: CirclesRepository { id in deleted.append(id) }
        )
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fakeCircle)
        let testPresenter = presenter.test(initialState)

        await testPresenter.testIntent {
            $0.onDeleteCircleConfirmed()
        }

        await testPresenter.assert(initialState) {
            states(
                { $0.committingChanges = true }
            )
            postedSideEffects(CreateOrEditSideEffect.openAggregatedFeed)
        }
        #expect(deleted.values == [fakeCircle.id])
    }

    @Test func `should show an error when delete fails`() async {
        struct Offline: Error {}
        let presenter = createPresenter(circlesRepository: CirclesRepository { _ in throw Offline() })
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
    }

    @Test func `assertions run in phases`() async {
        let presenter = createPresenter()
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fakeCircle)
        let test = presenter.test(initialState)

        await test.testIntent { $0.onCloseClicked() }
        await test.assert(initialState) { postedSideEffects(.close) }

        await test.testIntent { $0.onDeleteCircleConfirmed() }
        var committing = initialState
        committing.committingChanges = true
        await test.assert(initialState) {
            states({ $0.committingChanges = true })
            postedSideEffects(.openAggregatedFeed)
        }
        #expect(presenter.state == committing)
    }

    @Test func `a wrong state fails with a diff`() async {
        let presenter = createPresenter()
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fakeCircle)
        let test = presenter.test(initialState)
        await test.testIntent { $0.onDeleteCircleConfirmed() }
        let issues = await failures {
            await test.assert(initialState) {
                states({ $0.mode = .create })
                postedSideEffects(.openAggregatedFeed)
            }
        }
        #expect(
            issues.all == [
                """
                The emitted states do not match: …

                    [
                      [0]: CreateOrEditState(
                  -     mode: .create,
                  +     mode: .edit,
                        editedCircle: Circle(…),
                  -     committingChanges: false
                  +     committingChanges: true
                      )
                    ]

                (Expected: -, Actual: +)
                """
            ])
    }

    @Test func `missing and extra side effects fail`() async {
        let presenter = createPresenter()
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fakeCircle)
        let test = presenter.test(initialState)
        await test.testIntent { $0.onDeleteCircleConfirmed() }
        let issues = await failures {
            await test.assert(initialState) {
                states({ $0.committingChanges = true })
                postedSideEffects(.close, .openAggregatedFeed)
            }
        }
        #expect(issues.all.count == 1)
        #expect(issues.all[0].hasPrefix("The posted side effects do not match"))
        #expect(issues.all[0].contains("-   [0]: .close"))
    }

    @Test func `an unasserted state fails`() async {
        let presenter = createPresenter()
        let initialState = CreateOrEditState(mode: .edit, editedCircle: fakeCircle)
        let test = presenter.test(initialState)
        await test.testIntent { $0.onDeleteCircleConfirmed() }
        let issues = await failures {
            await test.assert(initialState) {
                postedSideEffects(.openAggregatedFeed)
            }
        }
        #expect(issues.all.first?.hasPrefix("The emitted states do not match") == true)
    }

    @Test func `a test ending with unasserted changes fails`() async {
        let issues = await failures {
            let test = createPresenter().test(CreateOrEditState(mode: .edit, editedCircle: fakeCircle))
            await test.testIntent { $0.onCloseClicked() }
        }
        #expect(
            issues.all == [
                """
                The test ended with 0 states and 1 side effect not asserted:

                  • CreateOrEditSideEffect.close

                Check them with assert(_:) { states(…); postedSideEffects(…) }.
                """
            ])
    }

    @Test func `testIntent times out instead of hanging`() async {
        let presenter = createPresenter()
        let test = presenter.test(CreateOrEditState(), timeout: .milliseconds(100))
        let issues = await failures {
            await test.testIntent { $0.onKeepSyncing() }
        }
        #expect(
            issues.all == [
                "The intent's async work did not finish within 100 milliseconds: 1 task still running (started without an id)."
            ])
    }

    @Test func `a plain container is tested the same way`() async {
        let container = Container<Int, String>(initialState: 0)
        let test = container.test(10)
        await test.testIntent { container in
            container.intent { context in
                context.reduce { $0 += 1 }
                context.post("done")
            }
        }
        await test.assert(10) {
            states({ $0 = 11 })
            postedSideEffects("done")
        }
    }

    @Test func `side effects posted before the test are not its own`() async {
        let container = Container<Int, String>(initialState: 0) { context in
            context.post("created")
        }
        let test = container.test(5)
        await test.testIntent { $0.intent { context in context.post("tapped") } }
        await test.assert(5) {
            postedSideEffects("tapped")
        }
    }

    @Test func `an error thrown by an intent fails the test`() async {
        struct Offline: Error {}
        let container = Container<Int, String>(initialState: 0, onError: StoreErrorHandler { _ in })
        let test = container.test(0)
        await test.testIntent { container in
            container.intent("save") { (_: WorkContext<ContainerFeature<Int, String>>) async throws in
                throw Offline()
            }
        }
        let issues = await failures {
            await test.assert(0) {}
        }
        #expect(
            issues.all == [
                """
                The thrown errors do not match: expected 0, the intent threw 1:

                  • [Container<Int>] async work failed: Offline()

                Expect each with thrownErrors(…) in assert(_:), in order.
                """
            ])
    }

    @Test func `an error nobody asserts fails at the end of the test`() async {
        struct Offline: Error {}
        let container = Container<Int, String>(initialState: 0, onError: StoreErrorHandler { _ in })
        let issues = await failures {
            let test = container.test(0)
            await test.testIntent { container in
                container.intent { (_: WorkContext<ContainerFeature<Int, String>>) async throws in
                    throw Offline()
                }
            }
        }
        #expect(
            issues.all == [
                """
                The test ended with 1 thrown error not asserted:

                  • [Container<Int>] async work failed: Offline()

                Expect each with thrownErrors(…) in assert(_:), in order.
                """
            ])
    }

    @Test func `an expected error passes`() async {
        struct Offline: Error {}
        let presenter = createPresenter(circlesRepository: CirclesRepository { _ in throw Offline() })
        let container = presenter.container
        let test = container.test(CreateOrEditState(mode: .edit, editedCircle: fakeCircle))
        await test.testIntent { container in
            container.intent("load") {
                (_: WorkContext<ContainerFeature<CreateOrEditState, CreateOrEditSideEffect>>) async throws in
                throw Offline()
            }
        }
        await test.assert(CreateOrEditState(mode: .edit, editedCircle: fakeCircle)) {
            thrownErrors(Offline.self)
        }
        await test.testIntent { container in
            container.intent {
                (_: WorkContext<ContainerFeature<CreateOrEditState, CreateOrEditSideEffect>>) async throws in
                throw Offline()
            }
        }
        await test.assert(CreateOrEditState(mode: .edit, editedCircle: fakeCircle)) {
            thrownErrors({ $0 is Offline })
        }
    }

    @Test func `an expected error that was not thrown fails`() async {
        struct Offline: Error {}
        let test = Container<Int, String>(initialState: 0).test(0)
        await test.testIntent { $0.intent { context in context.reduce { $0 += 1 } } }
        let issues = await failures {
            await test.assert(0) {
                states({ $0 = 1 })
                thrownErrors(Offline.self)
            }
        }
        #expect(
            issues.all == [
                """
                The thrown errors do not match: expected 1, the intent threw none

                Expect each with thrownErrors(…) in assert(_:), in order.
                """
            ])
    }
}
