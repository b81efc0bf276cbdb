import MVI
import OrderedCollections

extension TodoList {
    /// Applies a message.
    public static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .selectionMoved(let offset):
            let shown = state.visible
            guard !shown.isEmpty else { return }
            // A message imported from a recording may carry any offset: no overflow.
            let index =
                state.selectedIndex.map { current in
                    let (moved, overflow) = current.addingReportingOverflow(offset)
                    return overflow ? (offset < 0 ? 0 : shown.count - 1) : moved
                } ?? 0
            state.selected = shown[min(max(index, 0), shown.count - 1)].id
        case .editorOpened(let editor):
            state.editor = editor
        case .editorClosed:
            state.editor = nil
        case .added(let id, let title):
            state.rows[id] = TodoRow.State(id: id, title: title)
            state.nextID = max(state.nextID, id == .max ? id : id + 1)  // no id after Int.max
            state.selected = id
            state.keepSelectionVisible()
        case .deleted(let id):
            let index = state.selectedIndex
            state.rows[id] = nil
            state.keepSelectionVisible(near: index)
        case .clearedCompleted:
            let index = state.selectedIndex
            state.rows = state.rows.filter { !$0.value.isDone }
            state.keepSelectionVisible(near: index)
        case .filterShown(let filter):
            state.filter = filter
            state.keepSelectionVisible()
        case .searchApplied(let query):
            state.query = query
            state.keepSelectionVisible()
        case .syncProgressed(let done, let total):
            state.sync = .syncing(done: done, total: total)
        case .syncSucceeded(let count):
            state.sync = .synced(count: count)
        case .syncFailed(let reason):
            state.sync = .failed(reason)
        case .problemChanged(let problem):
            state.problem = problem
        case .rows:
            // The store has reduced the row: a toggled row may leave the filter, and the
            // selection moves to its neighbour.
            state.keepSelectionVisible(near: state.selectedPlace)
        case .editor:
            break  // the store hands it to the editor
        }
    }
}
