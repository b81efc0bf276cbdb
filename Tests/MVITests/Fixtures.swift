import MVI

/// A counter with every kind of work, used across the core tests.
struct Counter: Feature {
    struct State: Equatable, Sendable, Codable {
        var count = 0
        var isLoading = false
    }

    enum Intent: Sendable, Equatable {
        case increment
        case decrement
        case add(Int)
        case sendTwice
        case loadLater(Int)
        case search(String)
        case fail
        case notify(String)
        case wait
    }

    enum Message: Sendable, Equatable {
        case changed(by: Int)
        case loading(Bool)
    }

    enum SideEffect: Sendable, Equatable {
        case said(String)
    }

    struct Boom: Error, Equatable {}

    var numbers: @Sendable (Int) async throws -> Int = { $0 }
    var onBootstrap: @Sendable () -> Void = {}

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .changed(let by): state.count += by
        case .loading(let loading): state.isLoading = loading
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment: context.dispatch(.changed(by: 1))
        case .decrement: context.dispatch(.changed(by: -1))
        case .add(let amount): context.dispatch(.changed(by: amount))
        case .sendTwice:
            context.send(.increment)
            context.send(.increment)
        case .loadLater(let amount):
            context.dispatch(.loading(true))
            context.run(id: "load") { context in
                let value = try await numbers(amount)
                await context.dispatch(.changed(by: value))
                await context.dispatch(.loading(false))
            }
        case .search(let query):
            context.run(id: "search", cancelInFlight: true) { context in
                let value = try await numbers(query.count)
                await context.dispatch(.changed(by: value))
            }
        case .fail:
            context.run(id: "fail") { _ in throw Boom() }
        case .notify(let text):
            context.post(.said(text))
        case .wait:
            context.run(id: "wait") { _ in
                try await Task.sleep(for: .seconds(3600))
            }
        }
    }

    func bootstrap(_ context: StoreContext<Self>) {
        onBootstrap()
    }
}

/// A value behind the package's lock, shareable by reference between closures.
final class Locked<Value: Sendable>: Sendable {
    // StoreLock is noncopyable and cannot be captured by escaping closures; a class can.
    private let lock: StoreLock<Value>

    init(_ value: Value) { lock = StoreLock(value) }

    func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }
}

/// A thread-safe list of the values callbacks saw.
final class Collected<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}

/// Waits until the store's count reaches `target`. After concurrent senders return, the thread
/// that drains the store may still be processing what they queued: wait for the state rather
/// than read it. A count that never arrives fails the test through its time limit.
func waitForCount<F: Feature>(_ store: Store<F>, _ target: Int) async where F.State == Counter.State {
    for await count in store.states(of: \.count) where count == target { return }
}
