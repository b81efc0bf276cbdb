import Logging
import MVI
import MVILogging
import Testing

/// A list of counters: each row is a child feature, whose log lines are named from its scope.
struct Counters: Feature {
    struct State: Equatable, Sendable {
        var rows: [Int: Tick.State] = [:]
    }

    enum Intent: Sendable { case rows(Int, Tick.Intent), reset }
    enum Message: Sendable { case rows(Int, Tick.Message), reset }

    static let rows = child(Tick(), .each(\.rows), intent: Intent.rows, message: Message.rows)
    static let childScopes: [any ChildScopeRoute<Counters>] = [rows]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .rows: break  // the rows': routed by their scope
        case .reset: state.rows = [:]
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .rows: break  // the rows': routed by their scope
        case .reset: context.dispatch(.reset)
        }
    }
}

/// One counter row.
struct Tick: ReducingFeature {
    struct State: Equatable, Sendable { var count = 0 }
    enum Intent: Sendable { case tick }
    typealias Message = Intent

    static func reduce(_ state: inout State, _ message: Message) { state.count += 1 }
}

/// The rows as one `ChildInput` case of a parent whose intents are its messages.
struct OneCaseCounters: ReducingFeature {
    struct State: Equatable, Sendable { var rows: [Int: Tick.State] = [:] }
    enum Intent: Sendable { case rows(Int, ChildInput<Tick>), reset }

    static let rows = child(Tick(), .each(\.rows), input: Intent.rows)
    static let childScopes: [any ChildScopeRoute<OneCaseCounters>] = [rows]

    static func reduce(_ state: inout State, _ message: Intent) {
        switch message {
        case .reset: state.rows = [:]
        default: break  // the rows': routed by their scope
        }
    }
}

@Suite struct ChildNamingTests {
    @Test func intentsAndMessagesForAChildNameIt() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            Counters(), initialState: .init(rows: [7: .init()]), name: "Counters",
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
