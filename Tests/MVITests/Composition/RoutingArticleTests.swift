import MVI
import MVITesting
import Testing

/// The code of the "Composing features" article's section "Routing in one line" (MVI.docc),
/// compiled and run. Keep in sync.
enum RoutingDocs {
    typealias Form = DestinationsDocs.Form
    typealias Detail = DestinationsDocs.Detail

    struct Library: Feature {
        enum Screen: Equatable, Sendable {
            case detail(Detail.State)
            case edit(Form.State)
        }
        struct State: Equatable, Sendable {
            var path = DestinationStack<Screen>()
            var sheet: Form.State?
        }
        enum Intent: Equatable, Sendable {
            case path(StackChange<Screen>), sheet(Form.Intent)
            case detail(Int, Detail.Intent), edit(Int, Form.Intent)
        }
        enum Message: Equatable, Sendable {
            case path(StackChange<Screen>), sheet(Form.Message)
            case detail(Int, Detail.Message), edit(Int, Form.Message)
        }

        static let sheet = child(Form(), .optional(\.sheet), intent: Intent.sheet, message: Message.sheet)
        static let detail = child(
            Detail(), .each(\.path, Screen.detail), intent: Intent.detail, message: Message.detail)
        static let edit = child(Form(), .each(\.path, Screen.edit), intent: Intent.edit, message: Message.edit)
        static let childScopes: [any ChildScopeRoute<Library>] = [sheet, detail, edit]

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .path(let change): state.path.apply(change)
            default: break  // the children's: routed by their scopes
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .path(let change): context.dispatch(.path(change))
            default: break  // the children's: routed by their scopes
            }
        }
    }
}

@Suite struct RoutingArticleTests {
    typealias Library = RoutingDocs.Library

    @Test func screensArePushedRoutedToAndPopped() async {
        let store = TestStore(Library(), initialState: .init(sheet: .init()))
        await store.send(.path(.push(.detail(.init(title: "Dune"))))) {
            $0.path = DestinationStack([.detail(.init(title: "Dune"))])
        }
        await store.send(.path(.push(.edit(.init())))) {
            $0.path = DestinationStack([.detail(.init(title: "Dune")), .edit(.init())])
        }
        await store.send(.edit(1, .setTitle("Emma"))) {
            $0.path = DestinationStack([.detail(.init(title: "Dune")), .edit(.init(title: "Emma"))])
        }
        await store.send(.detail(0, .editTapped)) {
            $0.path = DestinationStack([
                .detail(.init(title: "Dune", destination: .edit(.init(title: "Dune")))), .edit(.init(title: "Emma")),
            ])
        }
        await store.send(.sheet(.setTitle("Ulysses"))) { $0.sheet?.title = "Ulysses" }
        await store.send(.path(.back)) {
            $0.path = DestinationStack([.detail(.init(title: "Dune", destination: .edit(.init(title: "Dune"))))])
        }
        await store.send(.path(.popToRoot)) { $0.path = DestinationStack() }
        await store.finish()
    }

    @Test func aStackChangeIsAppliedAsNavigationAsks() {
        var stack = DestinationStack(["a", "b", "c"])
        stack.apply(.pop(from: 1))
        #expect(stack == DestinationStack(["a"]))
        stack.apply(.push("d"))
        #expect(stack.elements.map(\.id) == [0, 3])
        stack.apply(.pop(from: 9))  // no such screen: nothing
        stack.apply(.back)
        #expect(stack.states == ["a"])
        stack.apply(.popToRoot)
        stack.apply(.back)  // already at the root: nothing
        #expect(stack.count == 0)
    }
}

/// The code of the "Composing features" article's section "A parent that only routes"
/// (MVI.docc), compiled and run. Keep in sync.
enum OnlyRoutingDocs {
    typealias Form = DestinationsDocs.Form
    typealias Detail = DestinationsDocs.Detail

    struct Shelf: ReducingFeature {
        enum Screen: Equatable {
            case detail(Detail.State)
            case edit(Form.State)
        }
        struct State: Equatable {
            var path = DestinationStack<Screen>()
            var sheet: Form.State?
        }
        enum Intent: Equatable {
            case path(StackChange<Screen>), sheet(ChildInput<Form>)
            case detail(Int, ChildInput<Detail>), edit(Int, ChildInput<Form>)
        }

        static let sheet = child(Form(), .optional(\.sheet), input: Intent.sheet)
        static let detail = child(Detail(), .each(\.path, Screen.detail), input: Intent.detail)
        static let edit = child(Form(), .each(\.path, Screen.edit), input: Intent.edit)
        static let childScopes: [any ChildScopeRoute<Shelf>] = [sheet, detail, edit]

        static func reduce(_ state: inout State, _ message: Intent) {
            switch message {
            case .path(let change): state.path.apply(change)
            default: break  // the children's: routed by their scopes
            }
        }
    }
}

@Suite struct OnlyRoutingArticleTests {
    typealias Shelf = OnlyRoutingDocs.Shelf

    @Test func screensArePushedRoutedToAndPoppedWithOneCasePerChild() async {
        let store = TestStore(Shelf(), initialState: .init(sheet: .init()))
        await store.send(.path(.push(.detail(.init(title: "Dune"))))) {
            $0.path = DestinationStack([.detail(.init(title: "Dune"))])
        }
        await store.send(.path(.push(.edit(.init())))) {
            $0.path = DestinationStack([.detail(.init(title: "Dune")), .edit(.init())])
        }
        await store.send(.edit(1, .intent(.setTitle("Emma")))) {
            $0.path = DestinationStack([.detail(.init(title: "Dune")), .edit(.init(title: "Emma"))])
        }
        // The article's test: each child by its address, its expected state edited in place.
        await store.send(\.detail[0], .editTapped) { $0.destination = .edit(.init(title: "Dune")) }
        await store.send(\.detail[0].edit, .setTitle("Dune Messiah")) { $0.title = "Dune Messiah" }
        #expect(
            store.state.path
                == DestinationStack([
                    .detail(.init(title: "Dune", destination: .edit(.init(title: "Dune Messiah")))),
                    .edit(.init(title: "Emma")),
                ]))
        await store.send(.sheet(.intent(.setTitle("Ulysses")))) { $0.sheet?.title = "Ulysses" }
        await store.send(.path(.popToRoot)) { $0.path = DestinationStack() }
        await store.finish()
        let name = ChildPath.name(of: Shelf.Intent.edit(1, .intent(.setTitle("x"))), in: Shelf.self, inStore: "Shelf")
        #expect(name == "Shelf/path[1]")
    }
}
