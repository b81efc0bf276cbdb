import MVI

/// One recorded value of a store, copied out of its recorder: stored as-is, no description
/// and no encoding until asked. A state shares its storage (copy-on-write) with the store.
enum Payload<F: Feature>: Sendable {
    case intent(F.Intent)
    case message(F.Message)
    case state(F.State)
    case sideEffect(F.SideEffect)
    /// Boxed: failures are rare, and an inline error would widen every event of the timeline.
    case failure(Failure)

    /// A recorded failure, on the heap.
    final class Failure: Sendable {
        let error: StoreError
        init(_ error: StoreError) { self.error = error }
    }

    /// The value, as `Any`.
    var value: Any { sendableValue }

    /// The value, still typed underneath, for a feed to encode off the store's thread.
    var sendableValue: any Sendable {
        switch self {
        case .intent(let value): value
        case .message(let value): value
        case .state(let value): value
        case .sideEffect(let value): value
        case .failure(let failure): failure.error
        }
    }

    var kind: TimeTravelEvent.Kind {
        switch self {
        case .intent: .intent
        case .message: .message
        case .state: .state
        case .sideEffect: .sideEffect
        case .failure: .failure
        }
    }
}
