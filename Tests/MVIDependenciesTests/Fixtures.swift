import Clocks
import Dependencies
import Foundation
import MVI
import MVIDependencies

/// A person on a roster: its id comes from the `uuid` dependency, so making one in a state's
/// initializer or in `execute` reads the store's dependencies.
struct Member: Equatable, Sendable {
    var id: UUID
    var name: String

    init(name: String) {
        @Dependency(\.uuid) var uuid
        self.id = uuid()
        self.name = name
    }

    init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

/// Reads three of swift-dependencies' own dependencies: `uuid` (in the state's initializer and
/// in `execute`), `date` in `execute`, and `continuousClock` in async work, after awaits.
struct Roster: Feature {
    struct State: Equatable, Sendable {
        var members = [Member(name: "host")]
        var stampedAt: Date?
        var ticks = 0
    }
    enum Intent: Sendable { case add(String), stamp, tick(times: Int) }
    enum Message: Equatable, Sendable { case added(Member), stamped(Date), ticked }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let member): state.members.append(member)
        case .stamped(let date): state.stampedAt = date
        case .ticked: state.ticks += 1
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let name): context.dispatch(.added(Member(name: name)))
        case .stamp:
            @Dependency(\.date.now) var now
            context.dispatch(.stamped(now))
        case .tick(let times):
            context.run(id: "ticks") { work in
                for _ in 0..<times {
                    @Dependency(\.continuousClock) var clock
                    try await clock.sleep(for: .seconds(1))
                    await work.dispatch(.ticked)
                }
            }
        }
    }
}

/// A dependency of this test target's own, with a live value and no test value: a test that
/// reads it without overriding it fails, naming it.
struct Greeting: DependencyKey {
    static let liveValue = "hello from the live value"
}

extension DependencyValues {
    var greeting: String {
        get { self[Greeting.self] }
        set { self[Greeting.self] = newValue }
    }
}

/// A child that reads a dependency in `execute` and in its work; its parent constructs it with
/// no arguments, since its dependencies come from the store.
struct Greeter: Feature {
    struct State: Equatable, Sendable {
        var said: [String] = []
    }
    enum Intent: Sendable, Equatable { case greet, greetLater }
    enum Message: Sendable, Equatable { case said(String) }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .said(let text): state.said.append(text)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        @Dependency(\.greeting) var greeting
        switch intent {
        case .greet: context.dispatch(.said(greeting))
        case .greetLater:
            context.run(id: "later") { work in
                @Dependency(\.continuousClock) var clock
                try await clock.sleep(for: .seconds(1))
                @Dependency(\.greeting) var greeting
                await work.dispatch(.said("later: \(greeting)"))
            }
        }
    }
}

/// A parent with one `Greeter` child that comes and goes.
struct Lobby: Feature {
    struct State: Equatable, Sendable {
        var greeter: Greeter.State?
    }
    enum Intent: Sendable, Equatable { case open, greeter(Greeter.Intent) }
    enum Message: Sendable, Equatable { case opened, greeter(Greeter.Message) }

    static let greeter = child(Greeter(), .optional(\.greeter), intent: Intent.greeter, message: Message.greeter)
    static let childScopes: [any ChildScopeRoute<Self>] = [greeter]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .opened: state.greeter = .init()
        case .greeter: break  // the greeter's: routed by its scope
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .open: context.dispatch(.opened)
        case .greeter: break  // the greeter's: routed by its scope
        }
    }
}

/// A parent that gives its `Greeter` child French: the child's scope runs it in an
/// environment of its own, nested in the store's.
struct Hall: Feature {
    struct State: Equatable, Sendable {
        var greeter = Greeter.State()
        var plainGreetings: [String] = []
    }
    enum Intent: Sendable, Equatable { case greeter(Greeter.Intent), plain }
    enum Message: Sendable, Equatable { case greeter(Greeter.Message), greeted(String) }

    // The Dependencies article's "What is different from TCA" shows these lines.
    static let greeter = child(Greeter(), .at(\.greeter), intent: Intent.greeter, message: Message.greeter)
        .dependencies { $0.greeting = "bonjour" }
    static let childScopes: [any ChildScopeRoute<Self>] = [greeter]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .greeter: break  // the greeter's: routed by its scope
        case .greeted(let text): state.plainGreetings.append(text)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .greeter: break  // the greeter's: routed by its scope
        case .plain:
            @Dependency(\.greeting) var greeting
            context.dispatch(.greeted(greeting))
        }
    }
}
