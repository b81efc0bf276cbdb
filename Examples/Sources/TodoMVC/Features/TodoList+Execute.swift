import Clocks
import Foundation
import MVI
import OrderedCollections

extension TodoList {
    /// The run id of the sync: a second sync waits for the first to end.
    static let syncID = "sync"
    /// The run id of the debounced search: each key cancels the pending one.
    static let searchID = "search"

    /// Turns intents into messages and runs the sync and the search (the store hands rows' and
    /// the editor's intents to them).
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        let state = context.state
        switch intent {
        case .moveUp: context.dispatch(.selectionMoved(by: -1))
        case .moveDown: context.dispatch(.selectionMoved(by: 1))
        case .startAdding:
            context.dispatch(.editorOpened(TodoEditor.State(purpose: .add)))
        case .startEditing:
            guard let id = state.selected, let row = state.rows[id] else { return }
            context.dispatch(.editorOpened(TodoEditor.State(purpose: .edit(id), text: row.title)))
        case .startSearching:
            context.dispatch(.editorOpened(TodoEditor.State(purpose: .search, text: state.query)))
        case .toggleSelected:
            guard let id = state.selected else { return }
            context.dispatch(.rows(id, .toggle))
        case .deleteSelected:
            guard let id = state.selected else { return }
            context.dispatch(.deleted(id))
        case .clearCompleted:
            guard state.completedCount > 0 else { return }
            context.dispatch(.clearedCompleted)
        case .showFilter(let filter):
            guard filter != state.filter else { return }
            context.dispatch(.filterShown(filter))
        case .cycleFilter:
            context.dispatch(.filterShown(state.filter.next))
        case .sync:
            sync(state, context)
        case .reportProblem(let problem):
            context.dispatch(.problemChanged(problem))
        case .dismissProblem:
            guard state.problem != nil else { return }
            context.dispatch(.problemChanged(nil))
        case .rows, .editor:
            break  // the store hands them to the row or the editor
        case .searchTyped(let query):
            search(query, on: clock, context)
        case .editorFinished(let outcome):
            finish(outcome, state, context)
        }
    }

    private func finish(_ outcome: TodoEditor.Outcome, _ state: State, _ context: StoreContext<Self>) {
        switch outcome {
        case .submitted(.add, let text):
            let title = text.trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty else { break }
            if let id = state.freshID {
                context.dispatch(.added(id: id, title: title))
            } else {
                context.dispatch(.problemChanged("No todo can be added: every id up to \(Int.max) is used"))
            }
        case .submitted(.edit(let id), let text):
            let title = text.trimmingCharacters(in: .whitespaces)
            // TodoMVC's rule: a todo edited down to nothing is deleted.
            if title.isEmpty {
                context.dispatch(.deleted(id))
            } else if title != state.rows[id]?.title {
                context.dispatch(.rows(id, .rename(title)))
            }
        case .submitted(.search, let text):
            context.cancel(id: Self.searchID)
            if text != state.query { context.dispatch(.searchApplied(text)) }
        case .cancelled(.search):
            // Escape leaves the search: the whole list again.
            context.cancel(id: Self.searchID)
            if !state.query.isEmpty { context.dispatch(.searchApplied("")) }
        case .cancelled:
            break
        }
        context.dispatch(.editorClosed)
    }

    /// Latest wins: each key cancels the search still waiting, and only a pause runs one.
    private func search<C: Clock<Duration>>(_ query: String, on clock: C, _ context: StoreContext<Self>) {
        context.debounce(id: Self.searchID, for: searchDelay, clock: clock) { work in
            await work.dispatch(.searchApplied(query))
        }
    }

    private func sync(_ state: State, _ context: StoreContext<Self>) {
        guard !state.sync.isSyncing else { return }
        let todos = Array(state.rows.values)
        let remote = remote
        context.dispatch(.syncProgressed(done: 0, total: todos.count))
        context.run(id: Self.syncID) { work in
            do {
                let count = try await remote.push(todos) { done in
                    await work.dispatch(.syncProgressed(done: done, total: todos.count))
                }
                await work.dispatch(.syncSucceeded(count: count))
            } catch let error as TodoRemoteError {
                await work.dispatch(.syncFailed("\(error)"))
                await work.post(.toast("Sync failed: \(error)"))
            }
        }
    }
}
