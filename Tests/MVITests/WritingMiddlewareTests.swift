import MVI
import MVIFixtures
import Testing

/// The "Writing middleware" article's code, compiled and run, and what it promises: kinds that
/// are not observed are never handled, `eventKind` names the event, and `forStore(named:)`
/// gives each store a copy of its own that every event, end of execution and async work
/// event of that store goes to.
enum WritingMiddlewareDocs {
    /// Intents seen, by store name.
    final class IntentCounts: Sendable {
        let names = Collected<String>()
        func add(storeNamed name: String) { names.append(name) }
    }

    struct IntentCounter<Target: Feature>: Middleware {
        let counts: IntentCounts

        var observedEventKinds: Set<StoreEvent<Target>.Kind> { [.intent] }

        func handle(_ event: StoreEvent<Target>, _ context: borrowing MiddlewareContext<Target>) {
            counts.add(storeNamed: context.storeName)
        }
    }

    /// One store's tally, made by `forStore(named:)`.
    final class IntentTally: Sendable {
        let storeName: String
        let intents = Collected<Int>()
        let failures = Collected<String>()
        let executions = Collected<Int>()
        let work = Collected<AsyncWorkEvent.Phase>()
        /// Every tally made, in order: what the tests read.
        static let made = Collected<IntentTally>()

        init(storeName: String) {
            self.storeName = storeName
            Self.made.append(self)
        }

        func increment() { intents.append(intents.values.count + 1) }
        func record(_ error: StoreError) { failures.append("\(error.origin)") }
    }

    struct PerStoreCounter<Target: Feature>: Middleware {
        private var intents: IntentTally?

        var observedEventKinds: Set<StoreEvent<Target>.Kind> { [.intent, .failure] }
        var observesAsyncWork: Bool { true }

        func forStore(named name: String) -> Self {
            var copy = self
            copy.intents = IntentTally(storeName: name)
            return copy
        }

        func handle(_ event: StoreEvent<Target>, _ context: borrowing MiddlewareContext<Target>) {
            switch context.eventKind {
            case .intent: intents?.increment()
            case .failure: if case .failure(let error) = event { intents?.record(error) }
            default: break
            }
        }

        func intentExecuted(_ context: borrowing MiddlewareContext<Target>) {
            intents?.executions.append(1)
        }

        func asyncWork(_ event: AsyncWorkEvent) {
            intents?.work.append(event.phase)
        }

        /// The tally of the store this copy serves (`nil` before `forStore(named:)`).
        var tally: IntentTally? { intents }
    }
}

@Suite(.timeLimit(.minutes(5)), .serialized) struct WritingMiddlewareTests {
    typealias Docs = WritingMiddlewareDocs

    @Test func aMiddlewareSeesOnlyTheKindsItObserves() {
        let counts = Docs.IntentCounts()
        let store = Store(
            Counter(), initialState: .init(), name: "counted",
            middleware: [Docs.IntentCounter(counts: counts)])
        store.send(.increment)
        store.send(.dispatchTwice)
        store.send(.notify("hi"))
        #expect(counts.names.values == ["counted", "counted", "counted"])
    }

    @Test func theEventKindNamesEveryEvent() {
        let mismatches = Collected<String>()
        let kinds = Collected<StoreEvent<Counter>.Kind>()
        let poller = AnyMiddleware<Counter> { event, context in
            kinds.append(context.eventKind)
            if event.kind != context.eventKind { mismatches.append("\(event.kind) as \(context.eventKind)") }
        }
        let store = Store(Counter(), initialState: .init(), middleware: [poller])
        store.send(.increment)
        store.send(.notify("hi"))
        store.replaceState(with: Counter.State(count: 7))
        store.cancel()
        #expect(mismatches.values.isEmpty)
        #expect(
            kinds.values == [
                .created, .started, .intent, .message, .state, .intent, .sideEffect, .stateReplaced, .cancelled,
            ])
    }

    @Test func eachStoreGetsACopyOfItsOwnMadeOnceWhenItIsCreated() async throws {
        let middleware = Docs.PerStoreCounter<Counter>()
        let before = Docs.IntentTally.made.values.count
        let first = Store(Counter(), initialState: .init(), name: "first", middleware: [middleware])
        let second = Store(Counter(), initialState: .init(), name: "second", middleware: [middleware])
        let made = Array(Docs.IntentTally.made.values.dropFirst(before))
        #expect(made.map(\.storeName) == ["first", "second"])
        #expect(middleware.tally == nil)  // the value itself is never called

        first.send(.increment)
        first.send(.increment)
        second.send(.increment)
        first.send(.loadLater(1))
        await first.waitForIdle()
        while made[0].work.values.count < 2 { await Task.yield() }  // a work's end is told on its task
        #expect(Docs.IntentTally.made.values.count == before + 2)  // not once per event

        // Every event, end of execution and work event of a store reached that store's copy.
        #expect(made[0].intents.values.count == 3)
        #expect(made[0].executions.values.count == 3)
        #expect(made[0].work.values == [.started, .finished])
        #expect(made[1].intents.values.count == 1)
        #expect(made[1].executions.values.count == 1)
        #expect(made[1].work.values.isEmpty)
    }

    @Test func failuresReachTheStoresCopy() async {
        let before = Docs.IntentTally.made.values.count
        let store = Store(
            Counter(numbers: { _ in throw Counter.Boom() }), initialState: .init(), name: "failing",
            middleware: [Docs.PerStoreCounter<Counter>()], onError: StoreErrorHandler { _ in })
        store.send(.loadLater(1))
        await store.waitForIdle()
        let tally = Docs.IntentTally.made.values[before]
        while tally.failures.values.isEmpty { await Task.yield() }
        #expect(tally.failures.values.count == 1)
    }
}
