import Foundation
import MVI
import MVIFixtures
import MVITimeTravel

/// A counter whose types are all `Codable`, with a log to check the order of input. Time
/// travel's own (it shadows `MVIFixtures.Counter`): the article's samples and the recorded
/// JSON the tests check depend on its shape.
struct Counter: Feature {
    struct State: Equatable, Sendable, Codable {
        var count = 0
        var log: [Int] = []
    }

    enum Intent: Sendable, Equatable, Codable {
        case add(Int)
        case addLater(Int)
        case notify(String)
    }

    enum Message: Sendable, Equatable, Codable {
        case added(Int)
    }

    enum SideEffect: Sendable, Equatable, Codable {
        case said(String)
    }

    /// Lets a test know when async work is about to dispatch, and after.
    var beforeDispatch: @Sendable () -> Void = {}
    var afterDispatch: @Sendable () -> Void = {}

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let amount):
            state.count += amount
            state.log.append(amount)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let amount):
            context.dispatch(.added(amount))
        case .addLater(let amount):
            context.run { context in
                beforeDispatch()
                await context.dispatch(.added(amount))
                afterDispatch()
            }
        case .notify(let text):
            context.post(.said(text))
        }
    }
}

/// The same types, with a bug in the reducer: adding 3 adds 4.
struct BuggyCounter: Feature {
    typealias State = Counter.State
    typealias Intent = Counter.Intent
    typealias Message = Counter.Message
    typealias SideEffect = Counter.SideEffect

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let amount):
            let applied = amount == 3 ? 4 : amount
            state.count += applied
            state.log.append(applied)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        if case .add(let amount) = intent { context.dispatch(.added(amount)) }
    }
}

/// A feature whose state is not `Codable`.
struct Opaque: Feature {
    struct State: Sendable { var text = "" }
    enum Intent: Sendable { case set(String) }
    enum Message: Sendable { case set(String) }
    typealias SideEffect = Never

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .set(let text): state.text = text
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .set(let text): context.dispatch(.set(text))
        }
    }
}

/// An error handler that collects errors.
func collectingHandler() -> (StoreErrorHandler, Collected<String>) {
    let errors = Collected<String>()
    return (StoreErrorHandler { errors.append(String(describing: $0.underlying)) }, errors)
}

/// Makes a counter store registered for time travel.
func makeCounter(
    _ timeTravel: TimeTravel, name: String = "Counter", feature: Counter = Counter()
) throws -> Store<Counter> {
    Store(feature, initialState: .init(), name: name, middleware: [try timeTravel.register(name)])
}

/// A recording with one counter store that added 1, 2, 3.
func recordedExport() throws -> Data {
    let timeTravel = TimeTravel()
    let store = try makeCounter(timeTravel)
    timeTravel.startRecording()
    for amount in 1...3 { store.send(.add(amount)) }
    return try timeTravel.export()
}
