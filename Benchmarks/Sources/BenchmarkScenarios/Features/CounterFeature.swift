import MVI

/// The message-reducer feature of the send scenarios: one intent, one message.
struct CounterFeature<State: CountingState>: Feature {
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
        case .increment: context.dispatch(.add(1))
        }
    }
}
