import Foundation
import MVI
import MVIFixtures
import Testing

/// Async work that was cancelled, or has ended, never reaches the store: what it dispatches,
/// posts or sends is dropped, and the drop is decided when the input would be applied.
@Suite(.timeLimit(.minutes(5))) struct StaleWorkTests {
    /// A search screen: each query starts work that replaces the previous (latest wins). The
    /// reducer counts results applied for a query that is no longer the latest.
    struct Search: Feature {
        struct State: Sendable {
            var latest = -1
            var applied = 0
            var staleApplied = 0
        }
        enum Intent: Sendable { case search(Int) }
        enum Message: Sendable { case query(Int), result(Int) }

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .query(let query):
                state.latest = query
            case .result(let query):
                state.applied += 1
                if query != state.latest { state.staleApplied += 1 }
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            guard case .search(let query) = intent else { return }
            context.dispatch(.query(query))
            context.run(id: "search", cancelInFlight: true) { context in
                await Task.yield()
                await context.dispatch(.result(query))
            }
        }
    }

    @Test func latestWinsHoldsUnderLoad() async {
        let store = Store(Search(), initialState: .init())
        // Queries from a thread of their own, while results come back on the pool.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                for query in 0..<10_000 { store.send(.search(query)) }
                done.resume()
            }
        }
        await store.waitForIdle()
        let state = store.state
        #expect(state.staleApplied == 0, "\(state.staleApplied) of \(state.applied) applied results were stale")
        #expect(state.latest == 9_999)
    }

    /// Work that ignores cancellation and sends an intent once it is let go.
    struct Sender: Feature {
        struct State: Sendable { var count = 0 }
        enum Intent: Sendable { case start, stop, bump }
        enum Message: Sendable { case bumped }
        let release: Gate<Void>
        let sent: Gate<Void>

        static func reduce(_ state: inout State, _ message: Message) { state.count += 1 }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .start:
                context.run(id: "work") { [release, sent] context in
                    await release.wait()  // does not end on cancellation
                    context.send(.bump)
                    sent.open(())
                }
            case .stop:
                context.cancel(id: "work")
            case .bump:
                context.dispatch(.bumped)
            }
        }
    }

    @Test func workCancelledByIDCannotSendIntents() async {
        let release = Gate<Void>()
        let sent = Gate<Void>()
        let store = Store(Sender(release: release, sent: sent), initialState: .init())
        store.send(.start)
        store.send(.stop)
        release.open(())
        await sent.wait()
        await store.waitForIdle()
        #expect(store.state.count == 0)
    }

    /// Work whose context escapes into a task of its own, which dispatches after the work
    /// has returned.
    struct Escaping: Feature {
        struct State: Sendable { var count = 0 }
        enum Intent: Sendable { case start }
        enum Message: Sendable { case bumped }
        typealias SideEffect = Void
        let escaped: Gate<WorkContext<Escaping>>

        static func reduce(_ state: inout State, _ message: Message) { state.count += 1 }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            context.run { [escaped] context in escaped.open(context) }
        }
    }

    @Test func aContextUsedAfterItsWorkEndedIsDroppedAndReported() async {
        let escaped = Gate<WorkContext<Escaping>>()
        let errors = Collected<StoreError>()
        let store = Store(
            Escaping(escaped: escaped), initialState: .init(),
            onError: StoreErrorHandler { errors.append($0) })
        store.send(.start)
        let context = await escaped.wait()
        await store.waitForIdle()  // the work has returned
        await context.dispatch(.bumped)
        await context.post(())
        context.send(.start)
        #expect(store.state.count == 0)
        let misuses = errors.values.compactMap { $0.underlying as? StoreMisuse }
        #expect(
            misuses == [
                .contextUsedAfterWorkEnded(.dispatch),
                .contextUsedAfterWorkEnded(.post),
                .contextUsedAfterWorkEnded(.send),
            ])
        #expect(errors.values.allSatisfy { $0.origin == .misuse })
    }
}
