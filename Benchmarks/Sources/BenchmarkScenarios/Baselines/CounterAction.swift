/// The baselines' action: the hand-written switch reducer's input.
enum CounterAction: Sendable {
    case increment
    /// What async work sends back in `effect-roundtrip`.
    case loaded
}
