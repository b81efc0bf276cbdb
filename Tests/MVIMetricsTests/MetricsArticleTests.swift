import MVI
import MVIFixtures
import MVIMetrics
import MetricsTestKit
import Testing

/// The code of the Metrics article, compiled and run.
@Suite("Metrics article")
struct MetricsArticleTests {
    @Test func installingTheMiddleware() throws {
        let metrics = TestMetrics()
        // From the article, with the test backend passed as `factory:`.
        let store = Store(
            MVIFixtures.Counter(), initialState: .init(), name: "counter",
            middleware: [.metrics(factory: metrics, intentKind: { intent in intent.kind })])
        store.send(.increment)
        #expect(
            try metrics.expectCounter(MetricsLabels.intents, [("store", "counter"), ("kind", "increment")])
                .totalValue == 1)
    }
}

extension MVIFixtures.Counter.Intent {
    /// The article's classifier: an intent's case name.
    var kind: String {
        switch self {
        case .increment: "increment"
        default: "other"
        }
    }
}
