import Dependencies
import MVI
import MVIDependencies

/// How much each increment adds: the one dependency `send-1dependency` reads per intent.
struct IncrementStep: DependencyKey {
    static let liveValue = 0
    static let testValue = 0
}

/// Where each increment's step comes from in the `send-1replayable` rows: one replayable
/// endpoint, the kind of call whose results time travel records.
struct StepSource: Sendable, DependencyKey {
    var next: @Sendable () -> Int

    static let liveValue = StepSource(next: replayable("stepSource.next") { 1 })
    static let testValue = liveValue
}

extension DependencyValues {
    /// How much each increment adds.
    var incrementStep: Int {
        get { self[IncrementStep.self] }
        set { self[IncrementStep.self] = newValue }
    }

    /// Where each increment's step comes from.
    var stepSource: StepSource {
        get { self[StepSource.self] }
        set { self[StepSource.self] = newValue }
    }
}

/// How a ``SteppingFeature`` reads its step in `execute` (a type, so that the feature is
/// specialized for it and pays no dispatch).
protocol StepReading: Sendable {
    static func step() -> Int
}

/// The step as a plain dependency value (`send-1dependency`).
enum DependencyStep: StepReading {
    static func step() -> Int {
        @Dependency(\.incrementStep) var step
        return step
    }
}

/// The step from a replayable endpoint (`send-1replayable`).
enum ReplayableStep: StepReading {
    static func step() -> Int {
        @Dependency(\.stepSource) var steps
        return steps.next()
    }
}

/// `CounterFeature` reading its step from swift-dependencies in `execute`.
struct SteppingFeature<State: CountingState, Reader: StepReading>: Feature {
    enum Intent: Sendable { case increment }
    enum Message: Sendable { case add(Int) }
    typealias SideEffect = Never

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .add(let amount): state.count &+= amount
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment: context.dispatch(.add(Reader.step()))
        }
    }
}
