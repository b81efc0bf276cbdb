import MVI

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

    let clock: any Clock<Duration>
    let search: @Sendable (String) async throws -> [String]

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
            // Latest wins; the pause is measured from the keystroke.
            context.debounce(id: "search", for: Self.debounce, clock: clock) { context in
                await context.dispatch(.resultsLoaded(try await search(query)))
            }
        }
    }
}
