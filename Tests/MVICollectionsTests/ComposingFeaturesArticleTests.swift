import MVI
import MVICollections
import MVITesting
import OrderedCollections
import Testing

/// The code of the "Composing features" article (MVI.docc), compiled and run. Keep in sync.
enum ComposingDocs {
    // A row: its intents are its messages, so it needs no `execute`.
    struct Todo: ReducingFeature {
        struct State: Equatable, Sendable {
            var title: String
            var isDone = false
        }
        enum Intent: Sendable, Equatable { case toggle }
        typealias Message = Intent

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .toggle: state.isDone.toggle()
            }
        }
    }

    // Where the detail's notes come from, bound by the store's environment: in an app, a
    // `@Dependency` (MVIDependencies); here, the test's own.
    struct NotesClient: ExecutionEnvironment {
        @TaskLocal static var current: NotesClient?
        let notes: @Sendable (Int) async throws -> String

        func withEnvironment<Result>(_ body: () throws -> Result) rethrows -> Result {
            try Self.$current.withValue(self, operation: body)
        }
    }

    // The detail: loads notes, renames, and says when it is done.
    struct Detail: Feature {
        struct State: Equatable, Sendable {
            var id: Int
            var title: String
            var notes: String?
        }
        enum Intent: Sendable, Equatable { case load, rename(String), done }
        enum Message: Sendable, Equatable { case renamed(String), loaded(String) }
        enum SideEffect: Sendable, Equatable { case finished(id: Int, title: String) }

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .renamed(let title): state.title = title
            case .loaded(let notes): state.notes = notes
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .rename(let title): context.dispatch(.renamed(title))
            case .done: context.post(.finished(id: context.state.id, title: context.state.title))
            case .load:
                let id = context.state.id
                let notes = (NotesClient.current ?? NotesClient { _ in "" }).notes
                context.run(id: "notes") { work in await work.dispatch(.loaded(try await notes(id))) }
            }
        }
    }

    // The list: rows by id, and the detail of one of them while it is open.
    struct TodoList: Feature {
        struct State: Equatable, Sendable {
            var rows: OrderedDictionary<Int, Todo.State> = [:]
            var detail: Detail.State?
        }
        enum Intent: Sendable, Equatable {
            case open(Int), close, save(Int, String)
            case rows(Int, Todo.Intent), detail(Detail.Intent)
        }
        enum Message: Sendable, Equatable {
            case opened(Int), closed, saved(Int, String)
            case rows(Int, Todo.Message), detail(Detail.Message)
        }

        static let rows = child(Todo(), .each(\.rows), intent: Intent.rows, message: Message.rows)
        static let detail = child(
            Detail(), .optional(\.detail), intent: Intent.detail, message: Message.detail,
            sideEffects: { effect in
                switch effect {
                case .finished(let id, let title): .send(.save(id, title))
                }
            })
        static let childScopes: [any ChildScopeRoute<TodoList>] = [rows, detail]

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .opened(let id): state.detail = state.rows[id].map { .init(id: id, title: $0.title) }
            case .closed: state.detail = nil
            case .saved(let id, let title): state.rows[id]?.title = title
            case .rows, .detail: break  // the children's: routed by their scopes
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .open(let id):
                context.dispatch(.opened(id))
                context.send(.detail(.load))
            case .close: context.dispatch(.closed)  // the detail's work ends with it
            case .save(let id, let title):
                context.dispatch(.saved(id, title))
                context.send(.close)
            case .rows, .detail: break  // the children's: routed by their scopes
            }
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct ComposingFeaturesArticleTests {
    typealias TodoList = ComposingDocs.TodoList

    @Test func failuresLogsAndTimeTravelNameTheChild() {
        let row = ChildPath.name(of: TodoList.Intent.rows(42, .toggle), in: TodoList.self, inStore: "TodoList")
        #expect(row == "TodoList/rows[42]")
        let detail = ChildPath.name(of: TodoList.Message.detail(.renamed("x")), in: TodoList.self, inStore: "TodoList")
        #expect(detail == "TodoList/detail")
    }

    @Test func theListAndItsDetailAreTestedAsOne() async {
        let store = TestStore(
            TodoList(), initialState: .init(rows: [1: .init(title: "Milk"), 2: .init(title: "Eggs")]),
            environment: ComposingDocs.NotesClient { id in "notes of \(id)" })
        await store.send(.rows(2, .toggle)) { $0.rows[2]?.isDone = true }
        await store.send(.open(1)) { $0.detail = .init(id: 1, title: "Milk") }
        await store.receive(.detail(.loaded("notes of 1"))) { $0.detail?.notes = "notes of 1" }
        await store.send(.detail(.rename("Oat milk"))) { $0.detail?.title = "Oat milk" }
        await store.send(.detail(.done))  // its side effect becomes the list's .save intent
        await store.receive(.saved(1, "Oat milk")) { $0.rows[1]?.title = "Oat milk" }
        await store.receive(.closed) { $0.detail = nil }
        await store.finish()
    }

    @Test func aRowViewHoldsItsRowsHandle() {
        let store = Store(TodoList(), initialState: .init(rows: [1: .init(title: "Milk")]))
        let row = store.scope(TodoList.rows, id: 1)
        row.send(.toggle)
        #expect(row.state?.isDone == true)
    }

    @Test func closingTheDetailDropsItsLateNotes() async {
        let gate = AsyncStream<String>.makeStream()
        let store = Store(
            TodoList(), initialState: .init(rows: [1: .init(title: "Milk")]),
            environment: ComposingDocs.NotesClient { _ in
                for await notes in gate.stream { return notes }
                return ""
            })
        store.send(.open(1))
        store.send(.close)
        store.send(.open(1))
        gate.continuation.yield("late")
        store.send(.close)
        gate.continuation.finish()
        await store.waitForIdle()
        #expect(store.state.detail == nil)
        #expect(store.state.rows[1] == .init(title: "Milk"))
    }

    @Test func orderedRowsKeepTheirOrder() {
        var rows: OrderedDictionary<Int, Int> = [3: 30, 1: 10]
        rows[child: 2] = 20
        rows[child: 3]? += 1
        #expect(rows.elements.map(\.key) == [3, 1, 2])
        #expect(rows[child: 3] == 31)
    }

    @Test func modifyChildMutatesARowInPlaceAndIgnoresAMissingOne() {
        var rows: OrderedDictionary<Int, Int> = [3: 30, 1: 10]
        #expect(rows.modifyChild(id: 1) { $0 += 1 })
        #expect(!rows.modifyChild(id: 2) { $0 += 1 })
        #expect(rows.elements.map(\.key) == [3, 1])
        #expect(rows == [3: 30, 1: 11])
    }
}
