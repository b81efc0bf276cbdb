import MVI

/// The feature of `effect-roundtrip`: the intent starts async work, which dispatches back.
struct EffectFeature: Feature {
    typealias State = BenchState
    enum Intent: Sendable { case load }
    enum Message: Sendable { case loaded }
    typealias SideEffect = Never

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .loaded: state.count &+= 1
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .load: context.run { effect in await effect.dispatch(.loaded) }
        }
    }
}
