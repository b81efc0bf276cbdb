/// One item of a store's queue, processed in order by whichever thread holds the drain claim.
///
/// Two kinds: input (intents, messages and side effects from async work, a replaced state),
/// held while the store is not started or while time travel holds it; and control
/// (subscriptions, showing a past state, a failure, termination), never held. "Work"
/// always means async work (what `run` starts): an item from async work carries its token.
///
/// Seventeen cases, over the dozen the engine aims for, on purpose (issue 47): each is one
/// thing the drain does, switched over in `perform`, `performControl`, `performTraced`,
/// `abandon` and `drop` (Store/Drain/). Folding the control cases into nested enums (the
/// observers' and side-effect observers' four, time travel's `show`/`restore`, `bootstrap`/
/// `terminate`) would add a second switch and a payload's value witnesses to the queued path
/// without making the send path shorter (a plain send builds no `QueueItem`), and the
/// scheduling machine's exhaustive interleaving tests drive the machine with these very
/// cases (Tests/MVITests/Scheduling/ExhaustiveCheck), which are to stay unchanged.
@usableFromInline
enum QueueItem<F: Feature>: Sendable {
    case intent(F.Intent)
    /// An intent whose sender awaits the async work its `execute` starts
    /// (``Store/sendAwaitingWork(_:)``): boxed, so that this rare case does not grow every
    /// queue item by an intent.
    case awaitedIntent(AwaitedIntent<F>)
    /// A message from the async work with token `work`; the continuation, if any, resumes
    /// once it is reduced or dropped. Unsafe, not checked (whose canary is an allocation per
    /// wait): it is safe because a queued item is consumed exactly once, either
    /// performed (`perform`/`performControl` resume it) or dropped (`abandon` resumes it). Whether the work is still live is decided when the
    /// message is applied.
    case message(F.Message, work: Int, UnsafeContinuation<Void, Never>?)
    /// A side effect from the async work with token `work`; the continuation, if any,
    /// resumes once it is delivered or dropped.
    case sideEffect(F.SideEffect, work: Int, UnsafeContinuation<Void, Never>?)
    /// A side effect handed back undelivered (a binder released while holding it): offered
    /// to observers again, not posted again, so middleware and the hook see it once.
    case returnedSideEffect(F.SideEffect)
    case bootstrap
    case addObserver(StateObserver<F.State>)
    /// Drops a state observer whose subscription was cancelled.
    case removeObserver(ObserverGate)
    case addSideEffectObserver(SideEffectObserver<F.SideEffect>)
    case removeSideEffectObserver(SideEffectObserver<F.SideEffect>)
    /// Replaces the state (``Store/replaceState(with:)``): input, applied in order with intents.
    case replaceState(F.State)
    /// A value the store shares (`Store(…, sharing:)`) changed elsewhere: input, applied in
    /// order; the link reads the newest value when it is applied.
    case sharedChange(SharingLink)
    case show(F.State)
    /// Ends showing: the store's own state, kept aside by the first `show`, comes back.
    case restore
    /// A failure reported from another thread, shown to middleware in order.
    case failure(StoreError)
    case terminate
    /// Input (an intent, or a message or side effect of async work) queued while time travel
    /// traces causes, with its cause: boxed, so that only a traced store pays for carrying
    /// one (an allocation per queued input, while tracing). A class rather than an
    /// `indirect` case: the compiler (6.3.1) crashed on `switch consume` over one.
    case traced(TracedInput<F>)

    @inlinable var isInput: Bool {
        switch self {
        case .intent, .awaitedIntent, .message, .sideEffect, .returnedSideEffect, .replaceState, .sharedChange:
            return true
        case .traced(let traced): return traced.item.isInput
        default: return false
        }
    }

    /// Whether this is an intent: what the drainer may borrow in runs.
    @inlinable var isIntent: Bool {
        if case .intent = self { return true }
        return false
    }

    /// The token of the async work this input came from, or `nil`.
    @inlinable var workToken: Int? {
        switch self {
        case .message(_, let work, _), .sideEffect(_, let work, _): return work
        case .traced(let traced): return traced.item.workToken
        default: return nil
        }
    }

    /// The input itself, without the cause a traced item carries.
    @inlinable var untraced: QueueItem<F> {
        if case .traced(let traced) = self { return traced.item }
        return self
    }

    /// Resumes a waiting async sender whose input will never be applied (the store ended,
    /// or the work that sent it was cancelled).
    @usableFromInline func abandon() {
        switch self {
        case .message(_, _, let continuation?), .sideEffect(_, _, let continuation?):
            continuation.resume()
        case .awaitedIntent(let awaited):
            awaited.work.executed()
        case .traced(let traced):
            traced.item.abandon()
        default:
            break
        }
    }
}

/// An input queued with its cause (``QueueItem/traced(_:)``).
@usableFromInline
final class TracedInput<F: Feature>: Sendable {
    @usableFromInline let item: QueueItem<F>
    @usableFromInline let cause: InputCause

    @inlinable init(_ item: QueueItem<F>, _ cause: InputCause) {
        self.item = item
        self.cause = cause
    }
}
