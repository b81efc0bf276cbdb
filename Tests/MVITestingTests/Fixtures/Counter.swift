import MVI

/// A feature with every kind of work the test store must follow.
struct Counter: Feature {
    struct State: Equatable, Sendable {
        var count = 0
        var isLoading = false
        var title = "Counter"
    }

    enum Intent: Sendable {
        case increment
        case add(Int)
        case twice
        case noop
        case rename(String)
        case sendIncrements(Int)
        case load(Int)
        case loadAndNotify(Int)
        case notify(String)
        case notifyNowAndLater(String, String)
        case fanOut(Int)
        case fail
        case wait
        case stopWaiting
    }

    enum Message: Sendable, Equatable {
        case changed(by: Int)
        case loading(Bool)
        case renamed(String)
    }

    enum SideEffect: Sendable, Equatable {
        case said(String)
    }

    struct Boom: Error, Equatable {}

    /// The number source, swapped by tests (a dependency is a plain property).
    var numbers: @Sendable (Int) async throws -> Int = { $0 }
    var loadsOnStart = false

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .changed(let by): state.count += by
        case .loading(let isLoading): state.isLoading = isLoading
        case .renamed(let title): state.title = title
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment:
            context.dispatch(.changed(by: 1))
        case .add(let amount):
            context.dispatch(.changed(by: amount))
        case .twice:
            context.dispatch(.changed(by: 1))
            context.dispatch(.changed(by: 1))
        case .noop:
            break
        case .rename(let title):
            context.dispatch(.renamed(title))
        case .sendIncrements(let count):
            for _ in 0..<count { context.send(.increment) }
        case .load(let amount):
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
                // Ends only by cancellation: the work a test forgot.
                try await Task.sleep(for: .seconds(3600))
            }
        case .stopWaiting:
            context.cancel(id: "wait")
        }
    }

    func bootstrap(_ context: StoreContext<Self>) {
        if loadsOnStart { context.dispatch(.loading(true)) }
    }
}
