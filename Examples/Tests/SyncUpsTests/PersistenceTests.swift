import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVIStateKeeper
@testable import SyncUps
import Testing

@Suite(.timeLimit(.minutes(1)))
struct PersistenceTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "syncups-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    var file: String { directory + "/syncups.json" }

    func makeStore() throws -> (Store<SyncUpsApp>, StateKeeper<SyncUpsApp.State, [SyncUp]>) {
        let keeper = try SyncUpsPersistence.keeper(directory: directory)
        let store = SyncUpsPersistence.makeStore(keeper: keeper, environment: .dependencies { $0.uuid = .incrementing })
        return (store, keeper)
    }

    func state(of store: Store<SyncUpsApp>, where condition: (SyncUpsApp.State) -> Bool) async -> SyncUpsApp.State? {
        for await state in store.states where condition(state) { return state }
        return nil
    }

    func add(_ title: String, to store: Store<SyncUpsApp>) async {
        store.send(.list(.intent(.addSyncUpTapped)))
        await store.waitForIdle()
        guard var syncUp = store.state.list.add?.syncUp else { return }
        syncUp.title = title
        store.send(.list(.intent(.add(.intent(.binding(.set(\.syncUp, syncUp)))))))
        store.send(.list(.intent(.confirmAddTapped)))
        await store.waitForIdle()
    }

    @Test func theSyncUpsAreSavedAndComeBackAfterARestart() async throws {
        let (store, keeper) = try makeStore()
        await add("Design", to: store)
        await add("Engineering", to: store)
        keeper.flush()
        store.cancel()
        keeper.stopKeeping()

        let (restarted, _) = try makeStore()
        #expect(restarted.state.list.syncUps.map(\.title) == ["Design", "Engineering"])
        #expect(restarted.state.problem == nil)
        restarted.cancel()
    }

    @Test func aFileThatCannotBeDecodedIsMovedAsideAndReported() async throws {
        try Data("not json".utf8).write(to: URL(fileURLWithPath: file))
        let (store, _) = try makeStore()
        let reported = await state(of: store) { $0.problem != nil }
        #expect(reported?.problem?.contains("the file is kept as \(directory)/syncups.corrupt-") == true)
        #expect(store.state.list.syncUps.isEmpty)
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("corrupt") }
        let kept = try aside.first.map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
        #expect(kept == "not json")
        store.cancel()
    }

    @Test func aFileThatCannotBeReadIsKeptAndNeverOverwritten() async throws {
        // A directory where the file should be: the storage cannot read it.
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: file + "/inside"))
        let (store, _) = try makeStore()
        let reported = await state(of: store) { $0.problem != nil }
        #expect(reported?.problem != nil)
        await add("Not saved over it", to: store)
        let refused = await state(of: store) { $0.problem?.hasPrefix("Not saving") == true }
        #expect(refused != nil)
        store.cancel()
        #expect(try String(contentsOfFile: file + "/inside", encoding: .utf8) == "keep me")
    }
}
