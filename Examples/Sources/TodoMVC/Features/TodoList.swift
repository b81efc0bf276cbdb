import Clocks
import MVI
import MVICollections
import OrderedCollections

/// The app: a list of todos, one ``TodoRow`` child per row in an `OrderedDictionary`, and the
/// ``TodoEditor`` child while a line is being typed. It syncs with a ``TodoRemote`` and
/// searches the titles as you type, debounced.
public struct TodoList: Feature {
    /// Everything the screen shows.
    public struct State: Equatable, Sendable, Codable {
        /// The todos, in the order they were added.
        public var rows: OrderedDictionary<Int, TodoRow.State>
        /// The id the next todo gets.
        public var nextID: Int
        /// The selected todo's id.
        public var selected: Int?
        /// Which todos are shown.
        public var filter: TodoFilter
        /// The search the list is narrowed to (applied after the debounce).
        public var query: String
        /// The input line, while one is open.
        public var editor: TodoEditor.State?
        /// The last sync.
        public var sync: SyncStatus
        /// Something wrong that is not the user's doing (the saved file), shown until dismissed.
        public var problem: String?

        /// Creates a list state.
        public init(
            rows: OrderedDictionary<Int, TodoRow.State> = [:], nextID: Int? = nil, selected: Int? = nil,
            filter: TodoFilter = .all, query: String = "", editor: TodoEditor.State? = nil,
            sync: SyncStatus = .idle, problem: String? = nil
        ) {
            self.rows = rows
            self.nextID = nextID ?? ((rows.keys.max() ?? 0) + 1)
            self.selected = selected
            self.filter = filter
            self.query = query
            self.editor = editor
            self.sync = sync
            self.problem = problem
        }

        /// The todos the filter and the search let through, in order.
        public var visible: [TodoRow.State] {
            rows.values.filter { row in
                filter.shows(isDone: row.isDone)
                    && (query.isEmpty || row.title.lowercased().contains(query.lowercased()))
            }
        }

        /// How many todos are not done, whatever the filter.
        public var itemsLeft: Int { rows.values.count { !$0.isDone } }

        /// How many todos are done.
        public var completedCount: Int { rows.count - itemsLeft }

        /// The selection kept on a shown row: the same one if it is shown, else the nearest.
        mutating func keepSelectionVisible(near index: Int? = nil) {
            let shown = visible
            if let selected, shown.contains(where: { $0.id == selected }) { return }
            guard !shown.isEmpty else {
                selected = nil
                return
            }
            selected = shown[min(max(index ?? 0, 0), shown.count - 1)].id
        }

        /// Where the selected row would be among the shown ones: the number of shown rows
        /// before it in the list, for a selected row that has just left the filter.
        var selectedPlace: Int? {
            guard let selected, let place = rows.index(forKey: selected) else { return nil }
            return visible.count { (rows.index(forKey: $0.id) ?? 0) < place }
        }

        /// The id a new todo gets: ``nextID``, or past the largest id when a row has it already
        /// (a state set from outside, by the debugger); `nil` when no id is left below `Int.max`.
        public var freshID: Int? {
            if rows[nextID] == nil { return nextID }
            guard let largest = rows.keys.max(), largest < .max else { return nil }
            return largest + 1
        }

        /// Where the selected row is among the shown ones.
        var selectedIndex: Int? {
            visible.firstIndex { $0.id == selected }
        }
    }

    /// What the user (or the editor) asks for.
    public enum Intent: Sendable, Equatable, Codable {
        /// Select the row above.
        case moveUp
        /// Select the row below.
        case moveDown
        /// Open the input line for a new todo.
        case startAdding
        /// Open the input line with the selected todo's title.
        case startEditing
        /// Open the input line for a search.
        case startSearching
        /// Toggle the selected todo.
        case toggleSelected
        /// Delete the selected todo.
        case deleteSelected
        /// Delete every todo that is done.
        case clearCompleted
        /// Show this filter.
        case showFilter(TodoFilter)
        /// Show the next filter.
        case cycleFilter
        /// Send the list to the remote.
        case sync
        /// Say something is wrong (the saved file could not be used).
        case reportProblem(String)
        /// Hide the problem.
        case dismissProblem
        /// An intent for one row.
        case rows(Int, TodoRow.Intent)
        /// An intent for the input line.
        case editor(TodoEditor.Intent)
        /// The search text changed (the editor said so).
        case searchTyped(String)
        /// The input line is done (the editor said so).
        case editorFinished(TodoEditor.Outcome)
    }

    /// The changes to the state.
    public enum Message: Sendable, Equatable, Codable {
        /// The selection moved by this many shown rows.
        case selectionMoved(by: Int)
        /// The input line opened.
        case editorOpened(TodoEditor.State)
        /// The input line closed.
        case editorClosed
        /// A todo was added (and selected).
        case added(id: Int, title: String)
        /// A todo was deleted.
        case deleted(Int)
        /// Every done todo was deleted.
        case clearedCompleted
        /// The filter changed.
        case filterShown(TodoFilter)
        /// The search that narrows the list changed.
        case searchApplied(String)
        /// A sync started or progressed.
        case syncProgressed(done: Int, total: Int)
        /// A sync ended well.
        case syncSucceeded(count: Int)
        /// A sync failed.
        case syncFailed(String)
        /// A problem to show, or `nil` to hide it.
        case problemChanged(String?)
        /// A row's message.
        case rows(Int, TodoRow.Message)
        /// The input line's message.
        case editor(TodoEditor.Message)
    }

    /// One-shot news for the view.
    public enum SideEffect: Sendable, Equatable {
        /// A message shown for a few seconds.
        case toast(String)
    }

    /// The rows, by id.
    public static let rows = child(TodoRow(), .each(\.rows), intent: Intent.rows, message: Message.rows)
    /// The input line, while it is open; what it says becomes the list's intents.
    public static let editor = child(
        TodoEditor(), .optional(\.editor), intent: Intent.editor, message: Message.editor,
        sideEffects: { effect in
            switch effect {
            case .changed(.search, let text): .send(.searchTyped(text))
            case .changed: .ignore
            case .finished(let outcome): .send(.editorFinished(outcome))
            }
        })
    /// The list's children: the store hands each its intents and messages, and logs, failures
    /// and time travel name the child a value is for (`TodoList/rows[3]`).
    public static let childScopes: ChildScopes = [rows, editor]

    /// The remote ``Intent/sync`` sends to.
    public let remote: TodoRemote
    /// The clock the search debounce waits on.
    public let clock: AnyClock<Duration>
    /// How long typing must pause before the search applies.
    public let searchDelay: Duration

    /// Creates the feature with its dependencies.
    public init(remote: TodoRemote, clock: some Clock<Duration>, searchDelay: Duration = .milliseconds(250)) {
        self.remote = remote
        self.clock = AnyClock(clock)
        self.searchDelay = searchDelay
    }
}
