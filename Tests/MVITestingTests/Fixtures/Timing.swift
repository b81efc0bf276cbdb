import MVI
import MVIFixtures

/// Saves a draft a second after the last edit; preparing the draft is async work of its own
/// before the timer starts (the dependency may hop a few times).
struct Autosave: Feature {
    struct State: Equatable, Sendable {
        var text = ""
        var saved: String?
    }

    enum Intent: Sendable { case edited(String) }
    enum Message: Sendable, Equatable { case edited(String), saved(String) }

    let clock: any Clock<Duration>
    let prepare: @Sendable (String) async -> String

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .edited(let text): state.text = text
        case .saved(let draft): state.saved = draft
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .edited(let text):
            context.dispatch(.edited(text))
            context.run(id: "save", cancelInFlight: true) { context in
                let draft = await prepare(text)
                try await clock.sleep(for: .seconds(1))
                await context.dispatch(.saved(draft))
            }
        }
    }
}

/// Refreshes at most once per two seconds: taps in between are dropped.
struct Refresher: Feature {
    struct State: Equatable, Sendable { var refreshes = 0 }
    enum Intent: Sendable { case refresh, stop }
    enum Message: Sendable, Equatable { case refreshed }

    /// The clock a store's refreshers find in its environment (``Fakes``), as a `@Dependency`
    /// would be: a row is declared once, in a static scope, and cannot hold a test's clock.
    struct Clock: Sendable {
        let clock: any _Concurrency.Clock<Duration>
    }

    /// Given to a store of its own; `nil` for a row, which finds its store's (``Clock``).
    let clock: (any _Concurrency.Clock<Duration>)?

    init(clock: any _Concurrency.Clock<Duration>) { self.clock = clock }

    /// A refresher whose clock is its store's.
    init() { clock = nil }

    static func reduce(_ state: inout State, _ message: Message) {
        state.refreshes += 1
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .refresh:
            guard let clock = clock ?? Fakes.value(of: Clock.self)?.clock else { return }
            context.throttle(id: "refresh", for: .seconds(2), clock: clock) { context in
                await context.dispatch(.refreshed)
            }
        case .stop:
            context.cancel(id: "refresh")
        }
    }
}

/// Two rows that throttle their refreshes, each on its own: each row is a ``Refresher``, the
/// same feature that runs on a store of its own, with the same `execute`.
struct RefreshingRows: Feature {
    struct State: Equatable, Sendable { var rows: [Int: Refresher.State] = [:] }
    enum Intent: Sendable { case rows(Int, Refresher.Intent) }
    enum Message: Sendable, Equatable { case rows(Int, Refresher.Message) }

    static let rows = child(Refresher(), .each(\.rows), intent: Intent.rows, message: Message.rows)
    static let childScopes: [any ChildScopeRoute<Self>] = [rows]

    /// Every message is a row's, routed by its scope.
    static func reduce(_ state: inout State, _ message: Message) {}

    /// Every intent is a row's, routed by its scope.
    func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
}
