import Foundation
import MVI
import MVIFixtures
import MVIStateKeeper
import Synchronization

/// A small feature with a transient part (`isLoading`) that must not survive a restore.
struct Notes: Feature {
    struct State: Equatable, Sendable, Codable {
        var notes: [String] = []
        var count = 0
        var isLoading = false

        /// BmiCalc's `state.restored()`: a restored state is not loading anything.
        func restored() -> State {
            var state = self
            state.isLoading = false
            return state
        }
    }

    enum Intent: Sendable {
        case add(String)
        case increment
        case startLoading
    }

    enum Message: Sendable {
        case added(String)
        case incremented
        case loading(Bool)
    }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let note): state.notes.append(note)
        case .incremented: state.count += 1
        case .loading(let loading): state.isLoading = loading
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let note): context.dispatch(.added(note))
        case .increment: context.dispatch(.incremented)
        case .startLoading: context.dispatch(.loading(true))
        }
    }
}

/// An error handler that records what it gets.
func recordingHandler() -> (StoreErrorHandler, Collected<StoreError>) {
    let recorder = Collected<StoreError>()
    return (StoreErrorHandler { recorder.append($0) }, recorder)
}

/// A fresh, empty directory under the system's temporary directory.
func temporaryDirectory(_ name: String = #function) throws -> String {
    let base = FileManager.default.temporaryDirectory.path
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let path = "\(base)/mvi-keeper-\(safe)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The files in a directory, sorted.
func files(in directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
}

func readFile(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// A storage whose operations fail on demand, around an in-memory one.
final class FailingStorage: StateStorage {
    struct Failure: Error, Equatable {}

    let inner = InMemoryStateStorage()
    let failSaves = Atomic<Bool>(false)
    let failMoves = Atomic<Bool>(false)
    let failLoads = Atomic<Bool>(false)

    func load(_ key: String) throws -> [UInt8]? {
        if failLoads.load(ordering: .relaxed) { throw Failure() }
        return inner.load(key)
    }

    func save(_ bytes: [UInt8], for key: String) throws {
        if failSaves.load(ordering: .relaxed) { throw Failure() }
        inner.save(bytes, for: key)
    }

    func remove(_ key: String) throws {
        inner.remove(key)
    }

    func moveAside(_ key: String) throws -> String? {
        if failMoves.load(ordering: .relaxed) { throw Failure() }
        return inner.moveAside(key)
    }
}

/// A storage that announces every save, so a test can wait for one.
final class AnnouncingStorage: StateStorage {
    let inner = InMemoryStateStorage()
    let saves: AsyncStream<[UInt8]>
    private let continuation: AsyncStream<[UInt8]>.Continuation

    init() {
        (saves, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    }

    func load(_ key: String) -> [UInt8]? { inner.load(key) }

    func save(_ bytes: [UInt8], for key: String) {
        inner.save(bytes, for: key)
        continuation.yield(bytes)
    }

    func remove(_ key: String) { inner.remove(key) }

    func moveAside(_ key: String) -> String? { inner.moveAside(key) }
}

/// Decodes a saved envelope's state, for assertions.
func savedState<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]?) throws -> T? {
    guard let bytes else { return nil }
    return try JSONDecoder().decode(Envelope<T>.self, from: Data(bytes)).state
}

/// A saved envelope as the tests read it.
struct Envelope<T: Decodable>: Decodable {
    let version: Int
    let state: T
}
