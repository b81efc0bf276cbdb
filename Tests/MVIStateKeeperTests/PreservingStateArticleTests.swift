import Foundation
import MVI
import MVIFixtures
import MVIStateKeeper
import Testing

// The samples of the "Preserving state" article, compiled and run.

/// BmiCalc's state, as in its article: a restored state must not show a spinner.
struct Bmi: Feature {
    struct State: Equatable, Sendable, Codable {
        var height = 160
        var weight = 40
        var isCalculating = false

        /// BmiCalc's `state.restored()`: a live state from a saved one.
        func restored() -> State {
            var state = self
            state.isCalculating = false
            return state
        }
    }

    enum Intent: Sendable { case height(Int), weight(Int) }
    enum Message: Sendable { case height(Int), weight(Int) }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .height(let height): state.height = height
        case .weight(let weight): state.weight = weight
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .height(let height): context.dispatch(.height(height))
        case .weight(let weight): context.dispatch(.weight(weight))
        }
    }
}

/// A storage on UserDefaults, as the article sketches it.
struct UserDefaultsStorage: StateStorage {
    let suiteName: String

    private var defaults: UserDefaults {
        UserDefaults(suiteName: suiteName) ?? .standard
    }

    func load(_ key: String) throws -> [UInt8]? {
        defaults.data(forKey: key).map { Array($0) }
    }

    func save(_ bytes: [UInt8], for key: String) throws {
        defaults.set(Data(bytes), forKey: key)
    }

    func remove(_ key: String) throws {
        defaults.removeObject(forKey: key)
    }

    func moveAside(_ key: String) throws -> String? {
        guard let data = defaults.data(forKey: key) else { return nil }
        let aside = "\(key).corrupt-\(Int(Date().timeIntervalSince1970 * 1000))"
        defaults.set(data, forKey: aside)
        defaults.removeObject(forKey: key)
        return aside
    }
}

@Suite struct PreservingStateArticleTests {
    @Test func keepingAStore() throws {
        let directory = try temporaryDirectory()
        do {
            // The article's first sample.
            let keeper = StateKeeper<Bmi.State, Bmi.State>(
                storage: FileStateStorage(directory: directory),
                key: "bmi",
                restored: { $0.restored() })
            let store = Store(Bmi(), initialState: keeper.restoredState(or: .init()))
            keeper.keep(store)
            store.send(.height(180))
            store.cancel()
        }
        let keeper = StateKeeper<Bmi.State, Bmi.State>(
            storage: FileStateStorage(directory: directory), key: "bmi", restored: { $0.restored() })
        #expect(keeper.restoredState(or: .init()) == Bmi.State(height: 180))
    }

    @Test func aProjection() throws {
        struct Draft: Codable, Sendable {
            var height: Int
            var weight: Int
        }
        let keeper = StateKeeper<Bmi.State, Draft>(
            storage: InMemoryStateStorage(), key: "bmi",
            save: { Draft(height: $0.height, weight: $0.weight) },
            restore: { draft, initial in
                var state = initial
                state.height = draft.height
                state.weight = draft.weight
                return state
            })
        try keeper.save(Bmi.State(height: 170, weight: 60, isCalculating: true))
        #expect(keeper.restoredState(or: .init()) == Bmi.State(height: 170, weight: 60))
    }

    @Test func migration() throws {
        struct BmiV1: Codable, Sendable { var heightInCm: Int }
        let storage = InMemoryStateStorage()
        try StateKeeper<BmiV1, BmiV1>(storage: storage, key: "bmi").save(BmiV1(heightInCm: 175))

        let keeper = StateKeeper<Bmi.State, Bmi.State>(
            storage: storage, key: "bmi", version: 2,
            migrate: { saved in
                switch saved.version {
                case 1: Bmi.State(height: try saved.decode(BmiV1.self).heightInCm)
                default: nil
                }
            })
        #expect(keeper.restoredState(or: .init()) == Bmi.State(height: 175))
    }

    @Test func errorsGoToTheStore() throws {
        let storage = InMemoryStateStorage(["bmi": Array("not json".utf8)])
        let keeper = StateKeeper<Bmi.State, Bmi.State>(storage: storage, key: "bmi")
        let reported = Collected<String>()
        let store = Store(
            Bmi(), initialState: keeper.restoredState(or: .init()),
            onError: StoreErrorHandler { error in
                if let failure = error.underlying as? StateKeeperError {
                    reported.append("\(failure.reason), moved to \(failure.movedAsideTo ?? "-")")
                }
            })
        keeper.keep(store)
        #expect(reported.values == ["notJSON, moved to bmi.corrupt-1"])
    }

    @Test func aUserDefaultsStorage() throws {
        let storage = UserDefaultsStorage(suiteName: "mvi-tests-\(UUID().uuidString)")
        let keeper = StateKeeper<Bmi.State, Bmi.State>(storage: storage, key: "bmi")
        try keeper.save(Bmi.State(weight: 70))
        #expect(try keeper.load() == Bmi.State(weight: 70))
        try storage.save(Array("{".utf8), for: "bmi")
        #expect(throws: StateKeeperError.self) { try keeper.load() }
        #expect(try keeper.load() == nil)
        try keeper.clear()
    }

    @Test func flushOnDemand() throws {
        let storage = InMemoryStateStorage()
        let keeper = StateKeeper<Bmi.State, Bmi.State>(storage: storage, key: "bmi")
        let store = Store(Bmi(), initialState: keeper.restoredState(or: .init()))
        keeper.keep(store, saving: .onDemand)
        store.send(.weight(55))
        keeper.flush()  // e.g. when the app moves to the background
        #expect(try keeper.load()?.weight == 55)
    }
}
