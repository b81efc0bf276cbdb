import MVI
import MVIFixtures
import Testing

struct Form: Sendable, Equatable {
    var name = ""
    var isSaving = false
}

enum FormEffect: Sendable, Equatable {
    case close
    case showError
}

struct SaveFailed: Error {}

/// Orbit's presenter shape (the "Why MVI?" article): a class that owns a container and calls `intent { }`.
final class FormPresenter: ContainerHost {
    let container: Container<Form, FormEffect>
    let save: @Sendable (String) async throws -> Void

    init(initialState: Form = Form(), save: @escaping @Sendable (String) async throws -> Void) {
        container = Container(initialState: initialState)
        self.save = save
    }

    func onNameChanged(_ name: String) {
        intent { ctx in
            ctx.reduce { $0.name = name }
        }
    }

    func onSaveRequested() {
        intent { ctx in
            await ctx.reduce { $0.isSaving = true }
            do {
                try await self.save(ctx.state.name)
                await ctx.post(.close)
            } catch {
                await ctx.reduce { $0.isSaving = false }
                await ctx.post(.showError)
            }
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct ContainerTests {
    @Test func synchronousIntentsReduceBeforeReturning() {
        let container = Container<Form, FormEffect>(initialState: Form())
        container.intent { ctx in
            ctx.reduce { $0.name = "Circle" }
            ctx.reduce { $0.name += "s" }
            ctx.post(.close)
        }
        #expect(container.state.name == "Circles")
    }

    @Test func hostIntentsAreNamedAfterTheirMethod() async {
        let names = Collected<String>()
        let presenter = FormPresenter(save: { _ in })
        _ = presenter
        let container = Container<Form, FormEffect>(
            initialState: Form(),
            middleware: [
                AnyMiddleware { event, _ in
                    if case .intent(let intent) = event { names.append(intent.name) }
                }
            ])
        final class Host: ContainerHost {
            let container: Container<Form, FormEffect>
            init(_ container: Container<Form, FormEffect>) { self.container = container }
            func rename() { intent { ctx in ctx.reduce { $0.name = "x" } } }
        }
        Host(container).rename()
        #expect(names.values == ["rename()"])
    }

    @Test func asyncIntentSucceeds() async {
        let presenter = FormPresenter(initialState: Form(name: "Test"), save: { _ in })
        let states = Collected<Form>()
        let subscription = presenter.container.subscribe { states.append($0) }
        presenter.onSaveRequested()
        var effects = presenter.container.sideEffects.makeAsyncIterator()
        #expect(await effects.next() == .close)
        #expect(states.values == [Form(name: "Test"), Form(name: "Test", isSaving: true)])
        subscription.cancel()
    }

    @Test func asyncIntentFailureRollsBack() async {
        let presenter = FormPresenter(initialState: Form(name: "Test"), save: { _ in throw SaveFailed() })
        presenter.onSaveRequested()
        var effects = presenter.container.sideEffects.makeAsyncIterator()
        #expect(await effects.next() == .showError)
        #expect(presenter.state == Form(name: "Test", isSaving: false))
    }

    @Test func onCreateRunsOnce() {
        let container = Container<Form, FormEffect>(initialState: Form()) { ctx in
            ctx.reduce { $0.name = "created" }
        }
        #expect(container.state.name == "created")
    }
}
