/// One unit of work for a store, processed in order by whichever thread currently drains it.
///
/// Inputs (intents, and messages and side effects from async work) are held while the store
/// is not started or while time travel holds it; control work (subscriptions, showing a
/// recorded state, termination) is never held.
@usableFromInline
enum Work<F: Feature>: Sendable {
    case intent(F.Intent)
    /// A message from async work; the continuation, if any, resumes once it is reduced.
    case message(F.Message, CheckedContinuation<Void, Never>?)
    /// A side effect from async work; the continuation, if any, resumes once it is delivered.
    case sideEffect(F.SideEffect, CheckedContinuation<Void, Never>?)
    case bootstrap
    case addObserver(StateObserver<F.State>)
    case removeObserver(StateObserver<F.State>)
    case addEffectHandler(SideEffectHandler<F.SideEffect>)
    case removeEffectHandler(SideEffectHandler<F.SideEffect>)
    case show(F.State)
    /// Ends showing: the store's own state, kept aside by the first `show`, comes back.
    case restore
    /// A failure reported from another thread, shown to middleware in order.
    case failure(StoreError)
    case terminate

    @inlinable var isInput: Bool {
        switch self {
        case .intent, .message, .sideEffect: return true
        default: return false
        }
    }

    /// Resumes a waiting async sender whose input will never be applied (the store ended).
    @usableFromInline func abandon() {
        switch self {
        case .message(_, let continuation?), .sideEffect(_, let continuation?):
            continuation.resume()
        default:
            break
        }
    }
}
