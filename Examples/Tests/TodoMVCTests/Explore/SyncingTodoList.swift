import MVI
import OrderedCollections
import TodoMVC

/// A planted-bug fixture for `explore`: TodoMVC's list, cut down to adding, toggling,
/// deleting and syncing, with a sync that marks each todo synced as the remote accepts it.
///
/// With `appliesPushedCopies`, the bug: each accepted todo is written back as it was pushed,
/// so a todo deleted while the sync runs comes back (and a toggle made meanwhile is undone).
/// Without it, an accepted todo that is gone is left gone.
struct SyncingTodoList: Feature {
    struct State: Equatable, Sendable, Codable {
        var rows: OrderedDictionary<Int, TodoRow.State> = [:]
        var nextID = 1
        var synced: Set<Int> = []
        var sync: SyncStatus = .idle
    }

    enum Intent: Sendable, Equatable, Codable {
        case add(String), toggle(Int), delete(Int), sync
    }

    enum Message: Sendable, Equatable, Codable {
        case added(id: Int, title: String), toggled(Int), deleted(Int)
        case syncStarted(total: Int), accepted(TodoRow.State, done: Int, total: Int)
        case syncSucceeded(count: Int), syncFailed(String)
    }

    let remote: TodoRemote
    var appliesPushedCopies = false

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let id, let title):
            state.rows[id] = TodoRow.State(id: id, title: title)
            state.nextID = id + 1
        case .toggled(let id): state.rows[id]?.isDone.toggle()
        case .deleted(let id):
            state.rows[id] = nil
            state.synced.remove(id)
        case .syncStarted(let total): state.sync = .syncing(done: 0, total: total)
        case .accepted(let todo, let done, let total):
            state.sync = .syncing(done: done, total: total)
            guard state.rows[todo.id] != nil else { return }
            state.synced.insert(todo.id)
        case .syncSucceeded(let count): state.sync = .synced(count: count)
        case .syncFailed(let reason): state.sync = .failed(reason)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let title): context.dispatch(.added(id: context.state.nextID, title: title))
        case .toggle(let id): context.dispatch(.toggled(id))
        case .delete(let id): context.dispatch(.deleted(id))
        case .sync:
            guard !context.state.sync.isSyncing else { return }
            let todos = Array(context.state.rows.values)
            let remote = remote
            let appliesPushedCopies = appliesPushedCopies
            context.dispatch(.syncStarted(total: todos.count))
            context.run(id: "sync") { work in
                do {
                    let count = try await remote.push(todos) { done in
                        guard done > 0 else { return }
                        let todo = todos[done - 1]
                        // The planted bug: the pushed copy overwrites the row, deleted or not.
                        if appliesPushedCopies { await work.dispatch(.added(id: todo.id, title: todo.title)) }
                        await work.dispatch(.accepted(todo, done: done, total: todos.count))
                    }
                    await work.dispatch(.syncSucceeded(count: count))
                } catch let error as TodoRemoteError {
                    await work.dispatch(.syncFailed("\(error)"))
                }
            }
        }
    }
}
