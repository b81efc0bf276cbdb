import MVI
import MVIFixtures

/// Search as you type: waits for a pause in typing, then searches. Time comes from a clock
/// dependency, so a test drives it with a `TestClock`.
struct Search: Feature {
    struct State: Equatable, Sendable {
        var query = ""
        var results: [String] = []
    }

    enum Intent: Sendable {
        case queryChanged(String)
    }

    enum Message: Sendable, Equatable {
        case queryChanged(String)
        case resultsLoaded([String])
    }

    static let debounce = Duration.milliseconds(300)

    /// What a search needs: a clock for the pause, and the search itself.
    struct Services: Sendable {
        let clock: any Clock<Duration>
        let search: @Sendable (String) async throws -> [String]
    }

    /// Given to a store of its own; `nil` for a child, declared once in a static scope, which
    /// finds its test's in the store's environment (``Fakes``), as a `@Dependency` would be.
    let services: Services?

    init(clock: any Clock<Duration>, search: @escaping @Sendable (String) async throws -> [String]) {
        services = Services(clock: clock, search: search)
    }

    /// A search whose services are its store's (``Fakes``).
    init() { services = nil }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .queryChanged(let query): state.query = query
        case .resultsLoaded(let results): state.results = results
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .queryChanged(let query):
            context.dispatch(.queryChanged(query))
            guard let services = services ?? Fakes.value(of: Services.self) else { return }
            // Latest wins; the pause is measured from the keystroke.
            context.debounce(id: "search", for: Self.debounce, clock: services.clock) { context in
                await context.dispatch(.resultsLoaded(try await services.search(query)))
            }
        }
    }
}
