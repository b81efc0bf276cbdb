import MVI

/// A recorded value of one store, stored as-is: no description, no encoding until asked.
/// A state is kept by value, so it shares its storage (copy-on-write) with the store.
@usableFromInline
enum Payload<F: Feature>: Sendable {
    case intent(F.Intent)
    case message(F.Message)
    case state(F.State)
    case sideEffect(F.SideEffect)

    var value: Any {
        switch self {
        case .intent(let value): value
        case .message(let value): value
        case .state(let value): value
        case .sideEffect(let value): value
        }
    }
}
