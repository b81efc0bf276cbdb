import MVI
import MVIStateKeeper

/// The app's store, wired: the list restored from its saved file and kept saved, and every
/// failure the store hears of (the saved file could not be used, a save failed) shown on
/// screen as a problem.
public enum TodoApp {
    /// Creates the store, restores the list, and keeps it saved with `keeper`.
    ///
    /// A saved file that cannot be used is never overwritten (``StateKeeper``'s rule): bad
    /// contents are moved aside, a file that cannot be read stays and saving is refused. Either
    /// way the store starts empty and ``TodoList/State/problem`` says what happened.
    public static func makeStore(
        _ feature: TodoList, keeper: StateKeeper<TodoList.State, SavedTodos>, name: String = "Todos",
        middleware: [any Middleware<TodoList>] = [], onError: (@Sendable (StoreError) -> Void)? = nil
    ) -> Store<TodoList> {
        // Failures arrive on any thread, before the store exists (a restore failure is reported
        // when the keeper attaches): a stream carries them to the store as intents.
        let (problems, reported) = AsyncStream.makeStream(of: String.self)
        let store = Store(
            feature, initialState: keeper.restoredState(or: TodoList.State()), name: name,
            middleware: middleware,
            onError: StoreErrorHandler { error in
                onError?(error)
                reported.yield(describe(error))
            })
        Task { [weak store] in
            for await problem in problems {
                guard let store else { return }
                store.send(.reportProblem(problem))
            }
        }
        keeper.keep(store, saving: TodoPersistence.trigger)
        return store
    }

    /// A line for the screen.
    static func describe(_ error: StoreError) -> String {
        guard let failure = error.underlying as? StateKeeperError else { return "\(error.underlying)" }
        if let aside = failure.movedAsideTo { return "saved list unreadable, kept as \(aside): \(failure)" }
        return "\(failure)"
    }
}
