import MVI
import MVIDependencies
import MVIStateKeeper

/// The app as a terminal runs it: the store, restored from and kept saved in a folder, and
/// the terminal's view model. The features stay internal to the module, as in an app target;
/// this is all the `syncups` command sees.
@MainActor
public final class SyncUpsSession {
    let store: Store<SyncUpsApp>
    let keeper: StateKeeper<SyncUpsApp.State, [SyncUp]>
    /// One app at a time saves a folder: two would save over each other's changes.
    let lock: FileStateLock
    var terminal = SyncUpsTerminal()
    /// The recording screens already started, by id: ids are never reused.
    var startedRecordings: Set<Int> = []

    /// Starts the app with the sync-ups saved in the folder `directory`, its features reading
    /// the dependencies of `environment`: the live ones by default, or the app's overrides
    /// (`.dependencies { $0.continuousClock = fast }`).
    ///
    /// Throws `FileStateLockedError` while another app has the folder (the kernel releases
    /// its lock when it ends, even by `kill -9`).
    public init(directory: String, environment: DependenciesEnvironment = .dependencies()) throws {
        keeper = try SyncUpsPersistence.keeper(directory: directory)
        lock = try FileStateStorage(directory: directory).lock(SyncUpsPersistence.key)
        store = SyncUpsPersistence.makeStore(keeper: keeper, environment: environment)
    }

    /// Yields each time the screen may have changed (a state the store shows).
    public func changes() -> AsyncStream<Void> {
        let states = store.states(bufferingPolicy: .bufferingNewest(1))
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                for await _ in states { continuation.yield() }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Handles a key: sends its intent to the store, and returns `false` when it asks to quit.
    public func press(_ key: SyncUpsKey) -> Bool {
        switch terminal.command(for: key, in: store.state) {
        case .quit?: return false
        case .send(let intent)?: store.send(intent)
        case nil: break
        }
        startAppearedRecordings()
        return true
    }

    /// What a view does when a screen appears (SwiftUI's `.task`): a recording screen pushed
    /// since the last look starts its timer and speech recognition.
    func startAppearedRecordings() {
        for (id, screen) in store.state.path.elements where !startedRecordings.contains(id) {
            guard case .record = screen else { continue }
            startedRecordings.insert(id)
            store.send(.record(id, .intent(.start)))
        }
    }

    /// The screen as lines of at most `width` columns, `height` of them.
    public func screen(width: Int = 80, height: Int = 24) -> [String] {
        startAppearedRecordings()
        return terminal.screen(store.state, width: width, height: height)
    }

    /// Waits until the store has handled what was sent: a meeting's timer keeps work running,
    /// so this cannot wait for the store to be idle.
    public func settle() async {
        while store.pendingInputCount > 0 { try? await Task.sleep(for: .milliseconds(5)) }
        try? await Task.sleep(for: .milliseconds(20))
    }

    /// Writes what is not saved yet, stops the store, and lets another app have the folder.
    public func close() {
        keeper.flush()
        store.cancel()
        lock.release()
    }
}
