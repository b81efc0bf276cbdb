import Logging
import MVI
import MVILogging
import Testing

/// A list of counters: each row is a child feature.
struct Counters: Feature {
    struct State: Equatable, Sendable {
        var rows: [Int: Tick.State] = [:]
    }

    enum Intent: Sendable, ChildRouting {
        case rows(Int, Tick.Intent)
        static let childCases: Set<String> = ["rows"]
    }

    enum Message: Sendable, ChildRouting {
        case rows(Int, Tick.Message)
        static let childCases: Set<String> = ["rows"]
    }

    static let rows = child(Tick.self, in: \.rows, intent: Intent.rows, message: Message.rows)

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .rows(let id, let message): rows.reduce(&state, message, id: id)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .rows(let id, let intent): context.forward(intent, to: Tick(), in: Self.rows, id: id)
        }
    }
}

/// The same list, whose log lines name the row from its scope instead of from case names.
struct ScopedCounters: Feature {
    struct State: Equatable, Sendable {
        var rows: [Int: Tick.State] = [:]
    }

    enum Intent: Sendable { case rows(Int, Tick.Intent), reset }
    enum Message: Sendable { case rows(Int, Tick.Message), reset }

    static let rows = child(Tick.self, in: \.rows, intent: Intent.rows, message: Message.rows)

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .rows(let id, let message): rows.reduce(&state, message, id: id)
        case .reset: state.rows = [:]
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .rows(let id, let intent): context.forward(intent, to: Tick(), in: Self.rows, id: id)
        case .reset: context.dispatch(.reset)
        }
    }
}

extension ScopedCounters: RoutesToChildren {
    static var childScopes: [any ChildScopeRoute<ScopedCounters>] { [rows] }
}

/// One counter row.
struct Tick: ReducingFeature {
    struct State: Equatable, Sendable { var count = 0 }
    enum Intent: Sendable { case tick }
    typealias Message = Intent

    static func reduce(_ state: inout State, _ message: Message) { state.count += 1 }
}

/// The rows as one `ChildInput` case of a parent whose intents are its messages.
struct OneCaseCounters: ReducingFeature, RoutesToChildren {
    struct State: Equatable, Sendable { var rows: [Int: Tick.State] = [:] }
    enum Intent: Sendable { case rows(Int, ChildInput<Tick>), reset }

    static let rows = child(Tick(), in: \.rows, as: Intent.rows)
    static let childScopes: [any ChildScopeRoute<OneCaseCounters>] = [rows]

    static func reduce(_ state: inout State, _ message: Intent) {
        switch message {
        case .reset: state.rows = [:]
        default: reduceChildren(&state, message)
        }
    }
}

@Suite struct ChildNamingTests {
    @Test func intentsAndMessagesForAChildNameIt() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            Counters(), initialState: .init(rows: [42: .init()]), name: "Counters",
            middleware: [.logging(logger: logger, levels: .init(intent: .debug, message: .debug))])
        store.send(.rows(42, .tick))
        #expect(
            sink.lines == [
                "[Counters/rows[42]] intent: rows(42, MVILoggingTests.Tick.Intent.tick)",
                "[Counters/rows[42]] message: rows(42, MVILoggingTests.Tick.Intent.tick)",
            ])
    }

    @Test func aFeatureRoutingByItsScopesNamesTheChildToo() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            ScopedCounters(), initialState: .init(rows: [7: .init()]), name: "Counters",
            middleware: [.logging(logger: logger, levels: .init(intent: .debug, message: .debug))])
        store.send(.rows(7, .tick))
        store.send(.reset)
        #expect(
            sink.lines == [
                "[Counters/rows[7]] intent: rows(7, MVILoggingTests.Tick.Intent.tick)",
                "[Counters/rows[7]] message: rows(7, MVILoggingTests.Tick.Intent.tick)",
                "[Counters] intent: reset",
                "[Counters] message: reset",
            ])
    }

    @Test func aParentOfOneCasePerChildNamesTheChildAndSaysWhichKindOfValue() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            OneCaseCounters(), initialState: .init(rows: [7: .init()]), name: "Counters",
            middleware: [.logging(logger: logger, levels: .init(intent: .debug, message: .debug))])
        store.send(.rows(7, .intent(.tick)))
        store.send(.reset)
        #expect(
            sink.lines == [
                "[Counters/rows[7]] intent: rows(7, intent(MVILoggingTests.Tick.Intent.tick))",
                "[Counters/rows[7]] message: rows(7, message(MVILoggingTests.Tick.Intent.tick))",
                "[Counters] intent: reset",
                "[Counters] message: reset",
            ])
    }
}
