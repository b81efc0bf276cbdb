import Logging
import MVI
import MVILogging
import Testing

@Suite struct LoggingMiddlewareTests {
    @Test func logsEveryEventInMVIKotlinsFormat() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [.logging(logger: logger, levels: .all(.debug))])
        store.send(.increment)
        store.send(.say("hi"))
        store.cancel()
        #expect(
            sink.lines == [
                "[Counter] created: State(count: 0, isLoading: false)",
                "[Counter] started",
                "[Counter] intent: increment",
                "[Counter] message: changed(by: 1)",
                "[Counter] state:",
                "  Counter.State(",
                "-   count: 0,",
                "+   count: 1,",
                "    isLoading: false",
                "  )",
                "[Counter] intent: say(\"hi\")",
                "[Counter] side effect: said(\"hi\")",
                "[Counter] cancelled",
            ])
        #expect(sink.records.allSatisfy { $0.level == .debug })
    }

    @Test func defaultLevelsAtInfoLeaveOutMessagesAndStates() {
        let (logger, sink) = memoryLogger(level: .info)
        let store = Store(Counter(), initialState: .init(), name: "Counter", middleware: [.logging(logger: logger)])
        store.send(.increment)
        store.cancel()
        #expect(
            sink.records == [
                LogRecord(level: .info, message: "[Counter] created: State(count: 0, isLoading: false)"),
                LogRecord(level: .info, message: "[Counter] started"),
                LogRecord(level: .info, message: "[Counter] intent: increment"),
                LogRecord(level: .info, message: "[Counter] cancelled"),
            ])
    }

    @Test func levelsPerKind() {
        let (logger, sink) = memoryLogger(level: .trace)
        let levels = StoreLogLevels(intent: .notice, sideEffect: .warning)
        let store = Store(
            Counter(), initialState: .init(), name: "C",
            middleware: [.logging(logger: logger, levels: levels)])
        store.send(.increment)
        store.send(.say("x"))
        store.cancel()
        #expect(
            sink.records == [
                LogRecord(level: .notice, message: "[C] intent: increment"),
                LogRecord(level: .notice, message: "[C] intent: say(\"x\")"),
                LogRecord(level: .warning, message: "[C] side effect: said(\"x\")"),
            ])
    }

    @Test func whenTheLevelIsOffNoStringIsBuilt() {
        let counted = Counted()
        let (quiet, quietSink) = memoryLogger(level: .error)
        let store = Store(Counter(), initialState: .init(), middleware: [.logging(logger: quiet)])
        for _ in 0..<100 { store.send(.count(counted)) }
        #expect(counted.descriptions == 0)
        #expect(quietSink.records.isEmpty)

        let (loud, loudSink) = memoryLogger(level: .info)
        let logged = Store(Counter(), initialState: .init(), middleware: [.logging(logger: loud)])
        logged.send(.count(counted))
        #expect(counted.descriptions == 1)
        #expect(loudSink.lines.contains("[Counter] intent: count(counted)"))
    }

    @Test func offLevelsLogNothing() {
        let (logger, sink) = memoryLogger()
        let store = Store(Counter(), initialState: .init(), middleware: [.logging(logger: logger, levels: .off)])
        store.send(.increment)
        store.cancel()
        #expect(sink.records.isEmpty)
    }

    @Test func valuesAreTruncated() {
        let (logger, sink) = memoryLogger()
        let levels = StoreLogLevels(intent: .info, sideEffect: .info)
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [.logging(logger: logger, levels: levels, maxValueLength: 10)])
        store.send(.say(String(repeating: "a", count: 50)))
        #expect(
            sink.lines == [
                "[Counter] intent: say(\"aaaaa…",
                "[Counter] side effect: said(\"aaaa…",
            ])
    }

    @Test func aMessageThatChangesNothingLogsNoState() {
        let (logger, sink) = memoryLogger()
        let levels = StoreLogLevels(message: .debug, state: .debug)
        let store = Store(
            Counter(), initialState: .init(), name: "Counter", middleware: [.logging(logger: logger, levels: levels)])
        store.send(.stopLoading)
        #expect(sink.lines == ["[Counter] message: loading(false)"])
    }

    @Test func stateLoggingTurnedOnLateStartsWithTheWholeState() {
        let sink = LogSink()
        let handler = LevelSwitch(sink: sink)
        let logger = Logger(label: "test") { _ in handler }
        let levels = StoreLogLevels(state: .debug)
        let store = Store(
            Counter(), initialState: .init(), name: "Counter", middleware: [.logging(logger: logger, levels: levels)])
        store.send(.increment)  // off: nothing kept, nothing logged
        handler.level.withLock { $0 = .debug }
        store.send(.increment)
        store.send(.increment)
        #expect(
            sink.lines == [
                "[Counter] state: State(count: 2, isLoading: false)",
                "[Counter] state:",
                "  Counter.State(",
                "-   count: 2,",
                "+   count: 3,",
                "    isLoading: false",
                "  )",
            ])
    }

    @Test func failuresAreLoggedAsErrors() async {
        let (logger, sink) = memoryLogger()
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [.logging(logger: logger, levels: StoreLogLevels(failure: .error))],
            onError: StoreErrorHandler { _ in })
        store.send(.fail)
        await sink.waitFor(1)
        #expect(sink.records == [LogRecord(level: .error, message: "[Counter] failure: async work \"fail\": Boom()")])
    }

    @Test func observedKindsFollowTheConfiguredLevels() {
        let logger = Logger(label: "kinds")
        #expect(LoggingMiddleware<Counter>.logging(logger: logger, levels: .off).observedEventKinds.isEmpty)
        let some = LoggingMiddleware<Counter>.logging(logger: logger, levels: StoreLogLevels(intent: .debug))
        // Cancellation too, to forget the store's name, which is made once and kept.
        #expect(some.observedEventKinds == [.intent, .cancelled])
        let states = LoggingMiddleware<Counter>.logging(logger: logger, levels: StoreLogLevels(state: .debug))
        #expect(states.observedEventKinds == [.state, .stateReplaced, .sharedChange, .created, .cancelled])
    }

    @Test func aReplacedStateIsLoggedAsOneAndTheNextStateDiffsAgainstIt() async {
        let (logger, sink) = memoryLogger()
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [.logging(logger: logger, levels: StoreLogLevels(state: .debug))])
        store.replaceState(with: .init(count: 7))
        store.send(.increment)
        await sink.waitFor(2)
        #expect(
            sink.lines == [
                "[Counter] state replaced: State(count: 7, isLoading: false)",
                "[Counter] state:",
                "  Counter.State(",
                "-   count: 7,",
                "+   count: 8,",
                "    isLoading: false",
                "  )",
            ])
    }

    @Test func aSharedChangeIsLoggedAsADiff() async {
        let (logger, sink) = memoryLogger()
        let count = Shared(0)
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [.logging(logger: logger, levels: StoreLogLevels(state: .debug))],
            sharing: [.init(\.count, count)])
        store.send(.increment)
        count.set(3)
        await sink.waitFor(2)
        #expect(
            sink.lines == [
                "[Counter] state:",
                "  Counter.State(",
                "-   count: 0,",
                "+   count: 1,",
                "    isLoading: false",
                "  )",
                "[Counter] shared change:",
                "  Counter.State(",
                "-   count: 1,",
                "+   count: 3,",
                "    isLoading: false",
                "  )",
            ])
    }
}
