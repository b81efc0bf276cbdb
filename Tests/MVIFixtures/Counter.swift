import MVI

/// A counter with every kind of work, shared by the tests of the core and of the test store.
package struct Counter: Feature {
    package struct State: Equatable, Sendable, Codable {
        package var count: Int
        package var isLoading: Bool
        package var title: String

        package init(count: Int = 0, isLoading: Bool = false, title: String = "Counter") {
            self.count = count
            self.isLoading = isLoading
            self.title = title
        }
    }

    package enum Intent: Sendable, Equatable {
        case increment
        case decrement
        case add(Int)
        /// Sends `increment` twice from `execute`: two intents, queued behind this one.
        case sendTwice
        /// Dispatches `changed(by: 1)` twice: one intent, two messages.
        case dispatchTwice
        case noop
        case rename(String)
        case sendIncrements(Int)
        /// Dispatches `loading(true)`, then loads the amount in work with the id `load`.
        case loadLater(Int)
        case loadAndNotify(Int)
        /// Loads `query.count` in work with the id `search`, cancelling the previous search.
        case search(String)
        case notify(String)
        case notifyNowAndLater(String, String)
        case fanOut(Int)
        case fail
        /// Starts work that ends only by cancellation: the work a test forgot.
        case wait
        case stopWaiting
    }

    package enum Message: Sendable, Equatable {
        case changed(by: Int)
        case loading(Bool)
        case renamed(String)
    }

    package enum SideEffect: Sendable, Equatable {
        case said(String)
    }

    package struct Boom: Error, Equatable {
        package init() {}
    }

    /// The number source, swapped by tests (a dependency is a plain property).
    package var numbers: @Sendable (Int) async throws -> Int
    /// Whether `bootstrap` dispatches `loading(true)`.
    package var loadsOnStart: Bool
    /// Called by `bootstrap`.
    package var onBootstrap: @Sendable () -> Void

    package init(
        numbers: @escaping @Sendable (Int) async throws -> Int = { $0 },
        loadsOnStart: Bool = false,
        onBootstrap: @escaping @Sendable () -> Void = {}
    ) {
        self.numbers = numbers
        self.loadsOnStart = loadsOnStart
        self.onBootstrap = onBootstrap
    }

    package static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .changed(let by): state.count += by
        case .loading(let isLoading): state.isLoading = isLoading
        case .renamed(let title): state.title = title
        }
    }

    package func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment:
            context.dispatch(.changed(by: 1))
        case .decrement:
            context.dispatch(.changed(by: -1))
        case .add(let amount):
            context.dispatch(.changed(by: amount))
        case .sendTwice:
            context.send(.increment)
            context.send(.increment)
        case .dispatchTwice:
            context.dispatch(.changed(by: 1))
            context.dispatch(.changed(by: 1))
        case .noop:
            break
        case .rename(let title):
            context.dispatch(.renamed(title))
        case .sendIncrements(let count):
            for _ in 0..<count { context.send(.increment) }
        case .loadLater(let amount):
            context.dispatch(.loading(true))
            context.run(id: "load") { context in
                let value = try await numbers(amount)
                await context.dispatch(.changed(by: value))
                await context.dispatch(.loading(false))
            }
        case .loadAndNotify(let amount):
            context.run { context in
                await context.dispatch(.changed(by: try await numbers(amount)))
                await context.post(.said("loaded"))
            }
        case .search(let query):
            context.run(id: "search", cancelInFlight: true) { context in
                let value = try await numbers(query.count)
                await context.dispatch(.changed(by: value))
            }
        case .notify(let text):
            context.post(.said(text))
        case .notifyNowAndLater(let now, let later):
            context.post(.said(now))
            context.run { context in await context.post(.said(later)) }
        case .fanOut(let count):
            for _ in 0..<count {
                context.run { context in await context.dispatch(.changed(by: 1)) }
            }
        case .fail:
            context.run(id: "fail") { _ in throw Boom() }
        case .wait:
            context.run(id: "wait") { _ in
                try await Task.sleep(for: .seconds(3600))
            }
        case .stopWaiting:
            context.cancel(id: "wait")
        }
    }

    package func bootstrap(_ context: StoreContext<Self>) {
        onBootstrap()
        if loadsOnStart { context.dispatch(.loading(true)) }
    }
}
