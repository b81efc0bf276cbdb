import MVI
import Testing

/// A TodoMVC feature written twice: as a plain `Feature`, where five of seven intents are
/// one-line relays to a message, and as a `ReducingFeature`, where they cost nothing. The
/// test runs one script through both and expects the same states. (Issue 15 counts their
/// lines: see the CHANGELOG.)
struct TodoItem: Equatable, Sendable {
    var id: Int
    var title: String
    var isDone = false
}

enum TodoFilter: Sendable, Equatable { case all, active, done }

// MARK: Before: every intent goes through execute.

struct TodoMVCClassic: Feature {
    struct State: Equatable, Sendable {
        var todos: [TodoItem] = []
        var filter = TodoFilter.all
        var isLoading = false
    }
    enum Intent: Sendable {
        case add(String)
        case toggle(Int)
        case delete(Int)
        case edit(Int, String)
        case clearCompleted
        case setFilter(TodoFilter)
        case load
    }
    enum Message: Sendable {
        case added(String)
        case toggled(Int)
        case deleted(Int)
        case edited(Int, String)
        case clearedCompleted
        case filterSet(TodoFilter)
        case loading
        case loaded([TodoItem])
    }

    let load: @Sendable () async -> [TodoItem]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let title): state.todos.append(TodoItem(id: (state.todos.map(\.id).max() ?? 0) + 1, title: title))
        case .toggled(let id):
            state.todos = state.todos.map {
                $0.id == id ? TodoItem(id: $0.id, title: $0.title, isDone: !$0.isDone) : $0
            }
        case .deleted(let id): state.todos.removeAll { $0.id == id }
        case .edited(let id, let title):
            state.todos = state.todos.map { $0.id == id ? TodoItem(id: id, title: title, isDone: $0.isDone) : $0 }
        case .clearedCompleted: state.todos.removeAll(where: \.isDone)
        case .filterSet(let filter): state.filter = filter
        case .loading: state.isLoading = true
        case .loaded(let todos):
            state.todos = todos
            state.isLoading = false
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let title):
            guard !title.isEmpty else { return }
            context.dispatch(.added(title))
        case .toggle(let id): context.dispatch(.toggled(id))
        case .delete(let id): context.dispatch(.deleted(id))
        case .edit(let id, let title): context.dispatch(.edited(id, title))
        case .clearCompleted: context.dispatch(.clearedCompleted)
        case .setFilter(let filter): context.dispatch(.filterSet(filter))
        case .load:
            context.dispatch(.loading)
            context.run(id: "load", cancelInFlight: true) { [load] work in await work.dispatch(.loaded(await load())) }
        }
    }
}

// MARK: After: intents are messages; only the ones with work have a line.

struct TodoMVC: ReducingFeature {
    struct State: Equatable, Sendable {
        var todos: [TodoItem] = []
        var filter = TodoFilter.all
        var isLoading = false
    }
    enum Intent: Sendable {
        case add(String)
        case toggle(Int)
        case delete(Int)
        case edit(Int, String)
        case clearCompleted
        case setFilter(TodoFilter)
        case load
        case loaded([TodoItem])
    }
    typealias Message = Intent

    let load: @Sendable () async -> [TodoItem]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .add(let title):
            guard !title.isEmpty else { return }
            state.todos.append(TodoItem(id: (state.todos.map(\.id).max() ?? 0) + 1, title: title))
        case .toggle(let id):
            state.todos = state.todos.map {
                $0.id == id ? TodoItem(id: $0.id, title: $0.title, isDone: !$0.isDone) : $0
            }
        case .delete(let id): state.todos.removeAll { $0.id == id }
        case .edit(let id, let title):
            state.todos = state.todos.map { $0.id == id ? TodoItem(id: id, title: title, isDone: $0.isDone) : $0 }
        case .clearCompleted: state.todos.removeAll(where: \.isDone)
        case .setFilter(let filter): state.filter = filter
        case .load: state.isLoading = true
        case .loaded(let todos):
            state.todos = todos
            state.isLoading = false
        }
    }

    func work(for intent: Intent, _ context: StoreContext<Self>) {
        guard case .load = intent else { return }
        context.run(id: "load", cancelInFlight: true) { [load] work in await work.dispatch(.loaded(await load())) }
    }
}

@Suite(.timeLimit(.minutes(5))) struct TodoMVCCeremonyTests {
    static let saved = [TodoItem(id: 7, title: "saved")]

    @Test func bothWritingsMakeTheSameStates() async {
        let classic = Store(TodoMVCClassic(load: { Self.saved }), initialState: .init())
        let reducing = Store(TodoMVC(load: { Self.saved }), initialState: .init())
        classic.send(.add("milk"))
        reducing.send(.add("milk"))
        classic.send(.add(""))
        reducing.send(.add(""))
        classic.send(.toggle(1))
        reducing.send(.toggle(1))
        classic.send(.edit(1, "oat milk"))
        reducing.send(.edit(1, "oat milk"))
        classic.send(.setFilter(.done))
        reducing.send(.setFilter(.done))
        #expect(classic.state.todos == reducing.state.todos)
        #expect(reducing.state.filter == .done)
        classic.send(.clearCompleted)
        reducing.send(.clearCompleted)
        #expect(reducing.state.todos.isEmpty)
        classic.send(.load)
        reducing.send(.load)
        #expect(reducing.state.isLoading)
        await classic.waitForIdle()
        await reducing.waitForIdle()
        #expect(classic.state.todos == Self.saved)
        #expect(reducing.state.todos == Self.saved)
        #expect(!reducing.state.isLoading)
    }
}
