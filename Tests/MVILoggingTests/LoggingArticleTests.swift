import Logging
import MVI
import MVILogging
import Testing

// The samples of the "Logging" article (`MVILogging.docc/Logging.md`), compiled and run.

@Suite struct LoggingArticleTests {
    @Test func addingLogging() {
        let (logger, sink) = memoryLogger(level: .debug)
        // The article's samples.
        let store = Store(Counter(), initialState: .init(), middleware: [.logging(logger: logger)])
        let verbose: LoggingMiddleware<Counter> = .logging(
            logger: logger,
            levels: StoreLogLevels(intent: .debug, state: .trace, failure: .error),
            maxValueLength: 80)
        let quiet = Store(Counter(), initialState: .init(), name: "Quiet", middleware: [verbose])
        store.send(.increment)
        quiet.send(.increment)
        #expect(sink.lines.contains("[Counter] intent: increment"))
        #expect(sink.lines.contains("[Quiet] intent: increment"))
        #expect(!sink.lines.contains("[Quiet] state:"))  // trace is below the logger's debug
    }

    @Test func theDefaultLogger() {
        // With no logger, the middleware logs to `Logger(label: "swift-mvi")`.
        let store = Store(Counter(), initialState: .init(), middleware: [.logging(levels: .off)])
        store.send(.increment)
        #expect(store.state.count == 1)
    }
}
