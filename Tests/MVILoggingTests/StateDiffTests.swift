import CustomDump
import Logging
import MVI
import MVILogging
import Testing

/// An edit of a state, applied as it is: the intent and the message of an ``EditingFeature``.
struct StateEdit<State: Sendable>: Sendable {
    let apply: @Sendable (inout State) -> Void
}

/// A feature whose intents are edits of its state, dispatched and reduced as they are: what
/// the diff tests log.
protocol EditingFeature: Feature
where Intent == StateEdit<State>, Message == StateEdit<State>, SideEffect == Never {}

extension EditingFeature {
    static func reduce(_ state: inout State, _ message: Message) { message.apply(&state) }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
}

/// A state with one field of each kind the diff treats differently.
struct Profile: EditingFeature {
    struct Inner: Equatable, Sendable {
        var depth = 1
        var label = "a"
    }

    enum Mode: Equatable, Sendable {
        case light, dark
        case custom(Int)
    }

    /// Not `Equatable`: only custom-dump can compare it.
    struct Opaque: Sendable {
        var value = 0
    }

    struct State: Sendable {
        var name = "Blob"
        var age = 30
        var score = 1.5
        var isActive = true
        var mode = Mode.light
        var tags = ["a", "b"]
        var inner = Inner()
        var note = "one line"
        var opaque = Opaque()
        var payload = [UInt8](repeating: 7, count: 1024)
    }

    typealias Edit = StateEdit<State>
}

@Suite struct StateDiffTests {
    /// Each edit's logged diff is exactly custom-dump's `diff` of the states: the fast path
    /// (plain fields) and custom-dump's (nested, collections, not `Equatable`, multi-line).
    @Test(arguments: [
        "age", "name and age", "score", "active", "mode", "mode payload", "last field", "first and last",
        "every plain field", "tags", "inner", "note multi-line", "opaque", "nothing",
    ])
    func aDiffIsCustomDumpsDiff(edit name: String) throws {
        let edits: [String: @Sendable (inout Profile.State) -> Void] = [
            "age": { $0.age += 1 },
            "name and age": {
                $0.name = "Blob Jr."
                $0.age = 5
            },
            "score": { $0.score = .infinity },
            "active": { $0.isActive = false },
            "mode": { $0.mode = .dark },
            "mode payload": { $0.mode = .custom(3) },
            "last field": { $0.payload[0] = 1 },
            "first and last": {
                $0.name = "x"
                $0.payload.append(1)
            },
            "every plain field": {
                $0.name = "y"
                $0.age = 1
                $0.score = -0.0
                $0.isActive = false
                $0.mode = .dark
            },
            "tags": { $0.tags.append("c") },
            "inner": { $0.inner.depth = 2 },
            "note multi-line": { $0.note = "two\nlines" },
            "opaque": { $0.opaque.value = 1 },
            "nothing": { _ in },
        ]
        let edit = try #require(edits[name])
        let (logger, sink) = memoryLogger()
        let store = Store(
            Profile(), initialState: .init(), name: "Profile",
            middleware: [.logging(logger: logger, levels: StoreLogLevels(state: .debug), maxValueLength: nil)])
        let before = store.state
        store.send(Profile.Edit(apply: edit))
        var after = before
        edit(&after)
        let expected = diff(before, after).map { ["[Profile] state:\n" + $0] } ?? []
        #expect(sink.records.map(\.message) == expected)
    }

    /// A store without a given name is logged under its feature's name, made once and kept
    /// until the store is cancelled.
    @Test func anUnnamedStoreIsLoggedUnderItsFeaturesName() {
        let (logger, sink) = memoryLogger()
        let logging = LoggingMiddleware<Counter>.logging(logger: logger, levels: .all(.debug))
        let first = Store(Counter(), initialState: .init(), middleware: [logging])
        first.send(.increment)
        first.cancel()
        let second = Store(Counter(), initialState: .init(), name: "Second", middleware: [logging])
        second.send(.increment)
        #expect(sink.lines.first == "[Counter] created: State(count: 0, isLoading: false)")
        #expect(sink.lines.contains("[Counter] cancelled"))
        #expect(sink.lines.contains("[Second] intent: increment"))
    }
}
