import Dependencies
import MVI

/// How much each increment adds: the one dependency `send-1dependency` reads per intent.
struct IncrementStep: DependencyKey {
    static let liveValue = 0
    static let testValue = 0
}

extension DependencyValues {
    /// How much each increment adds.
    var incrementStep: Int {
        get { self[IncrementStep.self] }
        set { self[IncrementStep.self] = newValue }
    }
}

/// `CounterFeature` reading its step from swift-dependencies in `execute`.
struct SteppingFeature<State: CountingState>: Feature {
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
            @Dependency(\.incrementStep) var step
            context.dispatch(.add(step))
        }
    }
}
