import Foundation
import MVI
import MVIDependencies
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
            },
            // The remote's replayable endpoint records into the store's time-travel recording.
            environment: .dependencies())
        Task { [weak store] in
            for await problem in problems {
                guard let store else { return }
                store.send(.reportProblem(problem))
            }
        }
        keeper.keep(store, saving: TodoPersistence.trigger)
        return store
    }

    /// What the screen says, the cause first: on a narrow terminal the end of a long path is
    /// what gets wrapped, not "No space left on device".
    static func describe(_ error: StoreError) -> String {
        guard let failure = error.underlying as? StateKeeperError else { return "\(error.underlying)" }
        switch failure.reason {
        case .savingRefused(let readFailure):
            let cause = (readFailure as? StateKeeperError).map { describe($0.reason) } ?? "\(readFailure)"
            return "Not saving: the saved list could not be read (\(cause)), and a save would overwrite it"
        case .savingDisabled:
            return "Not saving: the unusable saved list could not be moved aside, and a save would overwrite it"
        default:
            break
        }
        if let aside = failure.movedAsideTo {
            return "Saved list not used: \(describe(failure.reason)). Starting empty; the file is kept as \(aside)"
        }
        return describe(failure.reason)
    }

    /// A reason in words, a file error's cause before its operation and path.
    static func describe(_ reason: StateKeeperError.Reason) -> String {
        guard case .storageFailed(let error) = reason, let file = error as? FileStateStorageError else {
            return "\(reason)"
        }
        let cause = String(cString: strerror(file.code))
        let isRead = ["stat", "open", "fstat", "read", "readlink", "follow links"].contains(file.operation)
        let what = isRead ? "Could not read the saved list" : "Could not save the list"
        return "\(what): \(cause) (\(file.operation) \(file.path))"
    }
}
