import Logging
import MVI
import MVILogging
import Synchronization
import Testing

/// Intents whose text is not a function of their bytes: a payload with its own text, which
/// changes every time it is written.
struct Ticker: Feature {
    struct Tick: Sendable, CustomStringConvertible {
        static let written = Atomic<Int>(0)
        let id: Int
        var description: String {
            "tick \(id) #\(Self.written.add(1, ordering: .relaxed).newValue)"
        }
    }

    struct State: Sendable {}

    enum Intent: Sendable {
        case tick(Tick)
        case plain(Int, Bool)
        case pair(Double?)
    }

    typealias Message = Never
    typealias SideEffect = Never

    static func reduce(_ state: inout State, _ message: Message) {}

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
}

@Suite struct CachedTextTests {
    /// Intents written again are written as `String(describing:)` writes them, a payload with
    /// its own text each time.
    @Test func intentsWrittenAgainAreDescribedAsTheyAreNow() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            Ticker(), initialState: .init(), name: "Ticker",
            middleware: [.logging(logger: logger, levels: StoreLogLevels(intent: .debug), maxValueLength: nil)])
        let intents: [Ticker.Intent] = [
            .tick(.init(id: 1)), .plain(1, true), .pair(2.5), .tick(.init(id: 1)), .plain(1, true), .plain(2, false),
            .pair(nil), .pair(2.5), .plain(1, true),
        ]
        var expected: [String] = []
        for intent in intents {
            store.send(intent)
            // Described here after the middleware did: a tick's text counts how often it was.
            expected.append("[Ticker] intent: \(intent)")
        }
        let ticks = sink.records.map(\.message).filter { $0.contains("tick") }
        #expect(ticks == ["[Ticker] intent: tick(tick 1 #1)", "[Ticker] intent: tick(tick 1 #3)"])
        let others = zip(sink.records.map(\.message), expected).filter { !$0.0.contains("tick") }
        #expect(others.allSatisfy { $0.0 == $0.1 })
        #expect(others.count == 7)
    }

    /// Messages written again keep their text, cut at the middleware's length.
    @Test func messagesWrittenAgainAreCutAsTheFirstTime() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [.logging(logger: logger, levels: StoreLogLevels(message: .debug), maxValueLength: 5)])
        store.send(.increment)
        store.send(.increment)
        #expect(sink.lines == ["[Counter] message: chang…", "[Counter] message: chang…"])
    }
}
