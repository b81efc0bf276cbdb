import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITesting
import Synchronization
import Testing

// The samples of the "Dependencies" article (MVIDependencies.docc/Dependencies.md), compiled
// and run.

struct AttendeeStorage: Sendable {
    var save: @Sendable ([Attendee]) async throws -> Void
}

extension AttendeeStorage: DependencyKey {
    static let liveValue = AttendeeStorage { attendees in
        let data = try JSONEncoder().encode(attendees)
        try data.write(to: URL.temporaryDirectory.appending(path: "attendees.json"), options: .atomic)
    }
}

extension DependencyValues {
    var attendeeStorage: AttendeeStorage {
        get { self[AttendeeStorage.self] }
        set { self[AttendeeStorage.self] = newValue }
    }
}

struct Attendee: Codable, Equatable, Sendable {
    var id: UUID
    var name: String
}

struct AttendeeList: Feature {
    struct State: Equatable, Sendable {
        var attendees: [Attendee] = []
        var savedAt: Date?
    }
    enum Intent: Sendable { case add(name: String), save }
    enum Message: Sendable, Equatable { case added(Attendee), saved(at: Date) }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let attendee): state.attendees.append(attendee)
        case .saved(let date): state.savedAt = date
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let name):
            @Dependency(\.uuid) var uuid
            context.dispatch(.added(Attendee(id: uuid(), name: name)))
        case .save:
            let attendees = context.state.attendees
            context.run(id: "save") { work in
                @Dependency(\.attendeeStorage) var storage
                @Dependency(\.date.now) var now
                try await storage.save(attendees)
                await work.dispatch(.saved(at: now))
            }
        }
    }
}

@Suite struct DependenciesArticleTests {
    @Test func givingAStoreItsDependencies() async {
        // Ids and dates fixed around the article's code, which a test context requires.
        let (store, demo) = withDependencies {
            $0.uuid = .incrementing
            $0.date.now = Date(timeIntervalSince1970: 5)
        } operation: {
            // The live values.
            let store = Store(AttendeeList(), initialState: .init(), environment: .dependencies())

            // One change for every store the app makes here.
            let demo = withDependencies {
                $0.attendeeStorage = AttendeeStorage { _ in }
            } operation: {
                Store(AttendeeList(), initialState: .init(), environment: .dependencies())
            }
            return (store, demo)
        }
        demo.send(.add(name: "Blob"))
        demo.send(.save)
        for await state in demo.states where state.savedAt != nil { break }
        #expect(demo.state.attendees == [Attendee(id: UUID(0), name: "Blob")])
        #expect(demo.state.savedAt == Date(timeIntervalSince1970: 5))
        #expect(store.state.attendees.isEmpty)
    }

    @Test func savesTheList() async {
        let saved = Mutex<[Attendee]>([])
        let store = TestStore(
            AttendeeList(), initialState: .init(),
            environment: .dependencies {
                $0.uuid = .incrementing
                $0.date.now = Date(timeIntervalSince1970: 0)
                $0.attendeeStorage.save = { attendees in saved.withLock { $0 = attendees } }
            })
        await store.send(.add(name: "Blob")) {
            $0.attendees = [Attendee(id: UUID(0), name: "Blob")]
        }
        await store.send(.save)
        await store.receive(.saved(at: Date(timeIntervalSince1970: 0))) {
            $0.savedAt = Date(timeIntervalSince1970: 0)
        }
        #expect(saved.withLock { $0 } == [Attendee(id: UUID(0), name: "Blob")])
    }
}
