import Dependencies
import MVI
import MVIDependencies

/// Where each increment's step comes from: one replayable endpoint, the kind of call whose
/// results time travel records (`send-1replayable` rows).
struct StepSource: Sendable, DependencyKey {
    var next: @Sendable () -> Int

    static let liveValue = StepSource(next: replayable("stepSource.next") { 1 })
    static let testValue = liveValue
}

extension DependencyValues {
    /// Where each increment's step comes from.
    var stepSource: StepSource {
        get { self[StepSource.self] }
        set { self[StepSource.self] = newValue }
    }
}

/// `CounterFeature` asking a replayable endpoint for its step in `execute`.
struct ReplayableStepFeature<State: CountingState>: Feature {
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
        case .increment:
            @Dependency(\.stepSource) var steps
            context.dispatch(.add(steps.next()))
        }
    }
}
