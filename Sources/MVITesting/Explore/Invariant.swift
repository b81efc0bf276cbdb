import MVI

/// What must hold of a feature whatever is sent to it, in whatever order its work runs:
/// `explore` checks each invariant after every change of the state, and after every step.
///
/// ```swift
/// invariants: [
///     .state("the selection is a row") { state in state.selected.map { state.rows[$0] != nil } ?? true },
///     .transition("a deleted todo stays deleted") { before, after in
///         after.rows.keys.allSatisfy { before.rows[$0] != nil || $0 >= before.nextID }
///     },
/// ]
/// ```
public struct Invariant<F: Feature>: Sendable {
    /// The invariant's name, in the report of a sequence that breaks it.
    package let name: String
    /// Whether the invariant holds for a change of the state, or, for `nil` states, after a
    /// step with the side effects posted so far.
    let holds: @Sendable (Check) -> Bool

    /// What an invariant is checked on.
    enum Check {
        /// The state changed from `before` to `after` (one message reduced).
        case change(before: F.State, after: F.State)
        /// A step ended: the state, and every side effect posted so far, in order.
        case step(state: F.State, sideEffects: [F.SideEffect], failures: [StoreError])
    }

    /// Holds of every state the feature reaches.
    public static func state(_ name: String, _ holds: @escaping @Sendable (F.State) -> Bool) -> Self {
        Invariant(name: name) { check in
            switch check {
            case .change(_, let after): holds(after)
            case .step: true
            }
        }
    }

    /// Holds of every change of the state: a message reduced turns `before` into `after`.
    public static func transition(
        _ name: String, _ holds: @escaping @Sendable (_ before: F.State, _ after: F.State) -> Bool
    ) -> Self {
        Invariant(name: name) { check in
            switch check {
            case .change(let before, let after): holds(before, after)
            case .step: true
            }
        }
    }

    /// Holds after every step, of the side effects posted so far (in order) and the state.
    public static func sideEffects(
        _ name: String, _ holds: @escaping @Sendable (_ posted: [F.SideEffect], _ state: F.State) -> Bool
    ) -> Self {
        Invariant(name: name) { check in
            switch check {
            case .change: true
            case .step(let state, let sideEffects, _): holds(sideEffects, state)
            }
        }
    }

    /// The store reports no failure: no async work throws an error nobody handled, no input
    /// goes to a child that is not there.
    public static var noFailures: Self {
        Invariant(name: "no failures") { check in
            switch check {
            case .change: true
            case .step(_, _, let failures): failures.isEmpty
            }
        }
    }
}
