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

/// A book on a shelf: the "Rejecting a saved state" sample's saved type.
struct Book: Codable, Sendable, Equatable {
    var id: Int
    var title: String
}

/// A shelf whose live state keeps books by id.
struct Shelf: ReducingFeature {
    struct State: Equatable, Sendable {
        var books: [Int: Book] = [:]
    }

    enum Intent: Sendable { case add(Book) }
    typealias Message = Intent

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .add(let book): state.books[book.id] = book
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
        #expect(reported.values == ["saved state is not JSON, moved to bmi.corrupt-1"])
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

    @Test func oneWriterAtATime() throws {
        let directory = try temporaryDirectory()
        let held = try FileStateStorage(directory: directory).lock("bmi")
        #expect(Self.openBmi(directory) == nil)  // refused while another holds the lock
        held.release()
        #expect(Self.openBmi(directory) == Bmi.State())
    }

    /// The "One writer at a time" sample, as a function that returns what the store held.
    static func openBmi(_ directory: String) -> Bmi.State? {
        do {
            let storage = FileStateStorage(directory: directory)
            let lock: FileStateLock
            do {
                lock = try storage.lock("bmi")
            } catch let error as FileStateLockedError {
                print("The BMI data is open in another window (pid \(error.holder ?? 0)).")
                return nil
            }
            let keeper = StateKeeper<Bmi.State, Bmi.State>(storage: storage, key: "bmi")
            let store = Store(Bmi(), initialState: keeper.restoredState(or: .init()))
            keeper.keep(store)
            // … when the app ends: the final save, then the lock goes.
            store.cancel()
            lock.release()
            return store.state
        } catch {
            return nil
        }
    }

    @Test func rejectingASavedState() throws {
        let storage = InMemoryStateStorage()
        // The article's sample.
        struct DuplicateID: Error { let id: Int }

        let keeper = StateKeeper<Shelf.State, [Book]>(
            storage: storage, key: "shelf",
            save: { Array($0.books.values) },
            restore: { books, initial in
                var state = initial
                for book in books {
                    guard state.books.updateValue(book, forKey: book.id) == nil else {
                        throw DuplicateID(id: book.id)
                    }
                }
                return state
            })

        try StateKeeper<[Book], [Book]>(storage: storage, key: "shelf").save([Book(id: 1, title: "Emma")])
        #expect(keeper.restoredState(or: .init()).books == [1: Book(id: 1, title: "Emma")])
        let twice = [Book(id: 1, title: "Emma"), Book(id: 1, title: "Persuasion")]
        try StateKeeper<[Book], [Book]>(storage: storage, key: "shelf").save(twice)
        do {
            _ = try keeper.loadState(or: .init())
            Issue.record("expected the shelf to be rejected")
        } catch {
            guard case .rejected(let rejection as DuplicateID) = error.reason else {
                Issue.record("expected rejected, got \(error)")
                return
            }
            #expect(rejection.id == 1)
            #expect(error.movedAsideTo == "shelf.corrupt-1")
        }
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
