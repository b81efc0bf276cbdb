import MVI

/// MVIKotlin's `CalculatorStore`: a value, incremented, decremented, or set to the sum of
/// 1...n computed off the send path.
public struct CalculatorStore: Feature {
    /// `data class State(val value: Long = 0L)`
    public struct State: Sendable, Equatable, Codable {
        /// The current value.
        public var value: Int64 = 0

        /// Creates a state.
        public init(value: Int64 = 0) {
            self.value = value
        }
    }

    /// `sealed interface Intent`
    public enum Intent: Sendable, Equatable, Codable {
        /// Add one.
        case increment
        /// Subtract one.
        case decrement
        /// Set the value to 1 + 2 + … + n, computed in the background.
        case sum(Int)
    }

    /// `sealed interface Msg`
    public enum Message: Sendable, Equatable, Codable {
        /// The value changed.
        case value(Int64)
    }

    /// Creates the feature.
    public init() {}

    /// The executor.
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment: context.dispatch(.value(context.state.value + 1))
        case .decrement: context.dispatch(.value(context.state.value - 1))
        case .sum(let n):
            context.run(id: "sum", cancelInFlight: true) { context in
                let sum = (0...Int64(max(0, n))).reduce(0, +)
                await context.dispatch(.value(sum))
            }
        }
    }

    /// The reducer.
    public static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .value(let value): state.value = value
        }
    }
}
