import MVI
import MVIMetrics
import MetricsTestKit
import Testing

/// A metrics label built from a value's text (a classifier that describes the intent) shows a
/// sensitive payload as `<redacted>`.
@Suite struct RedactionMetricsTests {
    struct SignIn: Feature {
        struct State: Equatable, Sendable { var attempts = 0 }
        enum Intent: Equatable, Sendable { case signIn(password: Sensitive<String>) }
        enum Message: Equatable, Sendable { case attempted }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            context.dispatch(.attempted)
        }

        static func reduce(_ state: inout State, _ message: Message) {
            state.attempts += 1
        }
    }

    @Test func aDescribingClassifierLabelsWithThePlaceholder() throws {
        let metrics = TestMetrics()
        let store = Store(
            SignIn(), initialState: .init(), name: "signIn",
            middleware: [.metrics(factory: metrics, intentKind: { "\($0)" })])
        store.send(.signIn(password: "hunter2"))
        let counter = try metrics.expectCounter(
            MetricsLabels.intents, [("store", "signIn"), ("kind", "signIn(password: <redacted>)")])
        #expect(counter.totalValue == 1)
        #expect(!metrics.counters.contains { $0.dimensions.contains { $0.1.contains("hunter2") } })
    }
}
