import Foundation
import MVI
import MVIDependencies
import MVIStateKeeper

/// Where the sync-ups are saved, and the store that keeps them saved.
public enum SyncUpsPersistence {
    /// The key of the saved list: the file is `<directory>/syncups.json`.
    public static let key = "syncups"

    /// `$XDG_DATA_HOME/swift-mvi-syncups`, or `~/.local/share/swift-mvi-syncups`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return (data as NSString).appendingPathComponent("swift-mvi-syncups")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/swift-mvi-syncups")
    }

    /// A keeper saving the sync-ups (not the screens, which start fresh) in `storage`.
    static func keeper(storage: any StateStorage) -> StateKeeper<SyncUpsApp.State, [SyncUp]> {
        StateKeeper(
            storage: storage, key: key, save: { $0.list.syncUps },
            restore: { saved, initial in
                var state = initial
                state.list.syncUps = saved
                return state
            })
    }

    /// A keeper saving the sync-ups in the folder `directory`, created if missing.
    static func keeper(directory: String) throws -> StateKeeper<SyncUpsApp.State, [SyncUp]> {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return keeper(storage: FileStateStorage(directory: directory))
    }

    /// The app's store, restored by `keeper` and saved on every change, its features reading
    /// the dependencies of `environment`.
    ///
    /// A saved file that cannot be used is never overwritten (``StateKeeper``'s rule): one that
    /// cannot be decoded is moved aside, one that cannot be read stays and saving stops. The
    /// app starts empty and ``SyncUpsApp/State/problem`` says why.
    static func makeStore(
        keeper: StateKeeper<SyncUpsApp.State, [SyncUp]>, environment: DependenciesEnvironment
    ) -> Store<SyncUpsApp> {
        // Failures arrive on any thread, the first before the store exists: a stream hands them over.
        let (problems, reported) = AsyncStream.makeStream(of: String.self)
        let store = Store(
            SyncUpsApp(), initialState: keeper.restoredState(or: SyncUpsApp.State()), name: "SyncUps",
            onError: StoreErrorHandler { error in reported.yield(describe(error)) }, environment: environment)
        Task { [weak store] in
            for await problem in problems { store?.send(.reportProblem(problem)) }
        }
        keeper.keep(store, saving: .onChange(coalescing: .zero))
        return store
    }

    /// A failure in words, for the screen.
    static func describe(_ error: StoreError) -> String {
        guard let failure = error.underlying as? StateKeeperError else { return "\(error.underlying)" }
        if let aside = failure.movedAsideTo {
            return "The saved sync-ups could not be used (\(failure.reason)); the file is kept as \(aside)."
        }
        switch failure.reason {
        case .savingRefused, .savingDisabled:
            return "Not saving: the saved sync-ups could not be read, and saving would overwrite them."
        default:
            return "\(failure.reason)"
        }
    }
}
