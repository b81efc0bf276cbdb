import MVI
import MVIFixtures
import Testing

/// Middleware that asks for async work's start and end sees each piece of work start once and
/// end once, with how it ended, and which work started it.
@Suite(.timeLimit(.minutes(5))) struct AsyncWorkEventTests {
    /// What a work event says, without the store.
    struct Seen: Equatable, Sendable {
        let phase: AsyncWorkEvent.Phase
        let work: Int
        let parentWork: Int?
        let id: String?
    }

    /// Collects work events, and counts the calls of everything else.
    final class WorkObserver: Middleware, Sendable {
        typealias Target = Worker
        let seen = Collected<Seen>()
        let storeNames = Collected<String>()
        let observes: Bool

        init(observes: Bool = true) { self.observes = observes }

        var observesAsyncWork: Bool { observes }
        var observedEventKinds: Set<StoreEvent<Worker>.Kind> { [] }
        func handle(_ event: StoreEvent<Worker>, _ context: borrowing MiddlewareContext<Worker>) {}

        func asyncWork(_ event: AsyncWorkEvent) {
            seen.append(Seen(phase: event.phase, work: event.work, parentWork: event.parentWork, id: event.id))
            storeNames.append(event.storeName)
        }

        /// Waits (yielding) until `count` events arrived: a work's end is told on its task.
        func events(_ count: Int) async -> [Seen] {
            while seen.values.count < count { await Task.yield() }
            return seen.values
        }
    }

    @Test func workThatFinishesStartsAndEndsOnce() async {
        let workObserver = WorkObserver()
        let store = Store(Worker(), initialState: .init(), name: "worker", middleware: [workObserver])
        store.send(.load(id: "profile"))
        let events = await workObserver.events(2)
        #expect(events.map(\.phase) == [.started, .finished])
        #expect(events[0].work == events[1].work)
        #expect(events[0].parentWork == nil)
        #expect(events.map(\.id) == ["profile", "profile"])
        #expect(workObserver.storeNames.values == ["worker", "worker"])
        await store.waitForIdle()
        #expect(store.state.loaded == 1)
    }

    @Test func workThatThrowsEndsAsFailed() async {
        let workObserver = WorkObserver()
        let store = Store(
            Worker(), initialState: .init(), middleware: [workObserver], onError: StoreErrorHandler { _ in })
        store.send(.fail)
        #expect(await workObserver.events(2).map(\.phase) == [.started, .failed])
    }

    @Test func cancelledWorkEndsAsCancelled() async {
        let workObserver = WorkObserver()
        let store = Store(Worker(), initialState: .init(), middleware: [workObserver])
        store.send(.hang(id: "poll"))
        store.send(.stop(id: "poll"))
        #expect(await workObserver.events(2).map(\.phase) == [.started, .cancelled])
    }

    @Test func workOfAStoreThatEndsEndsAsCancelled() async {
        let workObserver = WorkObserver()
        var store: Store<Worker>? = Store(Worker(), initialState: .init(), middleware: [workObserver])
        store?.send(.hang(id: "a"))
        store?.send(.hang(id: "b"))
        store = nil
        let events = await workObserver.events(4)
        #expect(events.filter { $0.phase == .cancelled }.count == 2)
        #expect(
            Set(events.filter { $0.phase == .started }.map(\.work))
                == Set(events.filter { $0.phase == .cancelled }.map(\.work)))
    }

    @Test func workStartedByWorkNamesItsParent() async {
        let workObserver = WorkObserver()
        let store = Store(Worker(), initialState: .init(), middleware: [workObserver])
        store.send(.nested)
        let events = await workObserver.events(4)
        let outer = events.first { $0.phase == .started && $0.id == "outer" }
        let inner = events.first { $0.phase == .started && $0.id == "inner" }
        #expect(outer?.parentWork == nil)
        #expect(inner?.parentWork == outer?.work)
        #expect(events.filter { $0.phase == .finished }.count == 2)
    }

    @Test func middlewareThatDoesNotAskSeesNoWork() async {
        let workObserver = WorkObserver(observes: false)
        let store = Store(Worker(), initialState: .init(), middleware: [workObserver])
        store.send(.load(id: "profile"))
        await store.waitForIdle()
        #expect(store.state.loaded == 1)
        #expect(workObserver.seen.values.isEmpty)
    }

    @Test func everyStartHasOneEndUnderConcurrentSends() async {
        let workObserver = WorkObserver()
        let store = Store(Worker(), initialState: .init(), middleware: [workObserver])
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for index in 0..<100 { store.send(.load(id: "\(sender)-\(index)")) }
                }
            }
        }
        let events = await workObserver.events(800)
        let started = events.filter { $0.phase == .started }.map(\.work)
        let finished = events.filter { $0.phase == .finished }.map(\.work)
        #expect(started.count == 400)
        #expect(Set(started).count == 400)
        #expect(Set(started) == Set(finished))
        await store.waitForIdle()
        #expect(store.state.loaded == 400)
    }
}
