import InMemoryTracing
import MVI
import MVIFixtures
import MVIMetrics
import MetricsTestKit
import Testing
import Tracing

/// The fixtures' counter feature, not swift-metrics' `Counter`.
private typealias Counter = MVIFixtures.Counter

@Suite("MetricsMiddleware")
struct MetricsMiddlewareTests {
    let metrics = TestMetrics()

    @Test func countsIntentsMessagesAndSideEffectsPerStore() throws {
        let store = Store(Counter(), initialState: .init(), name: "counter", middleware: [.metrics(factory: metrics)])
        store.send(.increment)
        store.send(.dispatchTwice)
        store.send(.notify("hi"))
        #expect(try metrics.expectCounter(MetricsLabels.intents, [("store", "counter")]).totalValue == 3)
        #expect(try metrics.expectCounter(MetricsLabels.messages, [("store", "counter")]).totalValue == 3)
        #expect(try metrics.expectCounter(MetricsLabels.sideEffects, [("store", "counter")]).totalValue == 1)
    }

    @Test func oneMiddlewareServesManyStores() throws {
        let middleware = MetricsMiddleware<Counter>.metrics(factory: metrics)
        let first = Store(Counter(), initialState: .init(), name: "first", middleware: [middleware])
        let second = Store(Counter(), initialState: .init(), name: "second", middleware: [middleware])
        first.send(.increment)
        second.send(.increment)
        first.send(.increment)
        #expect(try metrics.expectCounter(MetricsLabels.intents, [("store", "first")]).totalValue == 2)
        #expect(try metrics.expectCounter(MetricsLabels.intents, [("store", "second")]).totalValue == 1)
    }

    @Test func classifiesByKind() throws {
        let store = Store(
            Counter(), initialState: .init(), name: "kinds",
            middleware: [
                .metrics(
                    factory: metrics,
                    intentKind: { intent in
                        switch intent {
                        case .increment: "increment"
                        default: "other"
                        }
                    },
                    messageKind: { _ in "changed" })
            ])
        store.send(.increment)
        store.send(.increment)
        store.send(.noop)
        #expect(
            try metrics.expectCounter(MetricsLabels.intents, [("store", "kinds"), ("kind", "increment")]).totalValue
                == 2)
        #expect(
            try metrics.expectCounter(MetricsLabels.intents, [("store", "kinds"), ("kind", "other")]).totalValue == 1)
        #expect(
            try metrics.expectCounter(MetricsLabels.messages, [("store", "kinds"), ("kind", "changed")]).totalValue == 2
        )
    }

    @Test func timesEveryExecutionAndReduction() throws {
        let store = Store(
            Counter(), initialState: .init(), name: "timed", middleware: [.metrics(factory: metrics, timing: .every)])
        store.send(.increment)
        store.send(.dispatchTwice)
        store.send(.noop)
        #expect(try metrics.expectTimer(MetricsLabels.executeDuration, [("store", "timed")]).values.count == 3)
        #expect(try metrics.expectTimer(MetricsLabels.reduceDuration, [("store", "timed")]).values.count == 3)
    }

    @Test func samplesTiming() throws {
        let store = Store(
            Counter(), initialState: .init(), name: "sampled",
            middleware: [.metrics(factory: metrics, timing: .sampled(every: 4))])
        for _ in 0..<8 { store.send(.increment) }
        #expect(try metrics.expectTimer(MetricsLabels.executeDuration, [("store", "sampled")]).values.count == 2)
        #expect(try metrics.expectTimer(MetricsLabels.reduceDuration, [("store", "sampled")]).values.count == 2)
    }

    @Test func timingOffRecordsNoTimer() {
        let store = Store(
            Counter(), initialState: .init(), name: "untimed", middleware: [.metrics(factory: metrics, timing: .off)])
        store.send(.increment)
        #expect(metrics.timers.allSatisfy { $0.values.isEmpty })
    }

    @Test(.timeLimit(.minutes(5))) func countsFailedAsyncWork() async throws {
        let store = Store(
            Counter(numbers: { _ in throw Counter.Boom() }), initialState: .init(), name: "failing",
            middleware: [.metrics(factory: metrics)], onError: StoreErrorHandler { _ in })
        store.send(.loadLater(1))
        await store.waitForIdle()
        #expect(
            try metrics.expectCounter(MetricsLabels.failures, [("store", "failing"), ("origin", "async_work")])
                .totalValue == 1)
    }

    @Test func countsSideEffectOverflow() throws {
        let store = Store(
            Counter(), initialState: .init(), name: "overflowing", middleware: [.metrics(factory: metrics)],
            sideEffects: .dropOldest(capacity: 1), onError: StoreErrorHandler { _ in })
        store.send(.notify("one"))
        store.send(.notify("two"))
        store.send(.notify("three"))
        #expect(
            try metrics.expectCounter(
                MetricsLabels.failures, [("store", "overflowing"), ("origin", "side_effect_overflow")]
            ).totalValue == 2)
    }

    @Test func opensOneSpanPerIntentWithItsMessages() {
        let tracer = InMemoryTracer()
        let store = Store(
            Counter(), initialState: .init(), name: "traced",
            middleware: [.metrics(factory: metrics, tracer: tracer, intentKind: { _ in "step" })])
        store.send(.dispatchTwice)
        store.send(.notify("hi"))
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == [MetricsLabels.intentSpan, MetricsLabels.intentSpan])
        #expect(spans.first?.events.map(\.name) == [MetricsLabels.messageEvent, MetricsLabels.messageEvent])
        #expect(spans.last?.events.map(\.name) == [MetricsLabels.sideEffectEvent])
        #expect(spans.first?.attributes[MetricsLabels.storeAttribute]?.toSpanAttribute() == "traced")
        #expect(spans.first?.attributes[MetricsLabels.kindAttribute]?.toSpanAttribute() == "step")
        #expect(tracer.activeSpans.isEmpty)
    }

    @Test func withoutATracerOpensNoSpan() throws {
        let store = Store(Counter(), initialState: .init(), name: "quiet", middleware: [.metrics(factory: metrics)])
        store.send(.increment)
        #expect(try metrics.expectCounter(MetricsLabels.intents, [("store", "quiet")]).totalValue == 1)
    }

    @Test(.timeLimit(.minutes(5))) func countsExactlyUnderConcurrentSends() async throws {
        let store = Store(
            Counter(), initialState: .init(), name: "busy", middleware: [.metrics(factory: metrics, timing: .every)])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<250 { store.send(.increment) } }
            }
        }
        await store.waitForIdle()
        #expect(try metrics.expectCounter(MetricsLabels.intents, [("store", "busy")]).totalValue == 1000)
        #expect(try metrics.expectCounter(MetricsLabels.messages, [("store", "busy")]).totalValue == 1000)
        #expect(try metrics.expectTimer(MetricsLabels.executeDuration, [("store", "busy")]).values.count == 1000)
    }

    @Test(.timeLimit(.minutes(5))) func countsAsyncWorkAndHowItEnds() async throws {
        let store = Store(
            Worker(), initialState: .init(), name: "worker", middleware: [.metrics(factory: metrics)],
            onError: StoreErrorHandler { _ in })
        store.send(.load(id: "a"))
        store.send(.fail)
        store.send(.hang(id: "poll"))
        store.send(.stop(id: "poll"))
        await waitFor { self.endedWork("worker") == 3 }
        #expect(try metrics.expectCounter(MetricsLabels.asyncWorkStarted, [("store", "worker")]).totalValue == 3)
        for outcome in ["finished", "failed", "cancelled"] {
            #expect(
                try metrics.expectCounter(MetricsLabels.asyncWorkEnded, [("store", "worker"), ("outcome", outcome)])
                    .totalValue == 1)
        }
    }

    @Test(.timeLimit(.minutes(5))) func workSpansAreChildrenOfTheIntentOrWorkThatStartedThem() async throws {
        let tracer = InMemoryTracer()
        let store = Store(
            Worker(), initialState: .init(), name: "traced",
            middleware: [.metrics(factory: metrics, tracer: tracer)], onError: StoreErrorHandler { _ in })
        store.send(.nested)
        store.send(.fail)
        await waitFor { tracer.finishedSpans.count == 5 }  // 2 intents, outer, inner, failing
        let spans = tracer.finishedSpans
        let intents = spans.filter { $0.operationName == MetricsLabels.intentSpan }
        let work = spans.filter { $0.operationName == MetricsLabels.workSpan }
        func span(_ id: String) -> FinishedInMemorySpan? {
            work.first { $0.attributes[MetricsLabels.workIDAttribute]?.toSpanAttribute() == id.toSpanAttribute() }
        }
        let outer = try #require(span("outer"))
        let inner = try #require(span("inner"))
        let failing = try #require(span("failing"))
        #expect(intents.count == 2)
        #expect(intents.contains { $0.spanID == outer.parentSpanID })
        #expect(inner.parentSpanID == outer.spanID)
        #expect(intents.contains { $0.spanID == failing.parentSpanID })
        #expect(failing.status?.code == .error)
        #expect(failing.attributes[MetricsLabels.workOutcomeAttribute]?.toSpanAttribute() == "failed")
        #expect(inner.attributes[MetricsLabels.workOutcomeAttribute]?.toSpanAttribute() == "finished")
        #expect(outer.attributes[MetricsLabels.storeAttribute]?.toSpanAttribute() == "traced")
        #expect(tracer.activeSpans.isEmpty)
    }

    @Test(.timeLimit(.minutes(5))) func workStillOpenWhenTheStoreEndsIsCountedAndItsSpanEnded() async throws {
        let tracer = InMemoryTracer()
        var store: Store<Worker>? = Store(
            Worker(), initialState: .init(), name: "ending", middleware: [.metrics(factory: metrics, tracer: tracer)])
        store?.send(.hang(id: "poll"))
        store = nil
        await waitFor { self.endedWork("ending") == 1 }
        #expect(
            try metrics.expectCounter(MetricsLabels.asyncWorkEnded, [("store", "ending"), ("outcome", "cancelled")])
                .totalValue == 1)
        await waitFor { tracer.activeSpans.isEmpty }
        #expect(tracer.finishedSpans.contains { $0.operationName == MetricsLabels.workSpan })
    }

    /// Work that ended, of any outcome, in store `name`.
    private func endedWork(_ name: String) -> Int64 {
        metrics.counters.filter { counter in
            counter.label == MetricsLabels.asyncWorkEnded && counter.dimensions.contains { $0 == ("store", name) }
        }.reduce(0) { $0 + $1.totalValue }
    }
}

/// Yields until `condition` holds: a work's end is counted on its own task.
private func waitFor(_ condition: () throws -> Bool) async rethrows {
    while try !condition() { await Task.yield() }
}
