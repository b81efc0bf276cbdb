/// A store's middleware and recorder, kept together so that a store without middleware
/// pays one pointer for both.
@usableFromInline
final class Pipeline<F: Feature>: Sendable {
    /// The bit of ``StoreCore/middlewareInterest`` that says a recorder is attached.
    @inlinable static var recordingBit: UInt16 { 1 << 15 }

    /// The bits of the event kinds that happen on the send path: intent, message, state,
    /// side effect, failure. Middleware observing any of them makes each step take the
    /// observed path (which also keeps `MiddlewareContext.isExecuting`); middleware that
    /// sees only a store's creation, start and end does not.
    @inlinable static var stepBits: UInt16 {
        StoreEvent<F>.Kind.intent.bit | StoreEvent<F>.Kind.message.bit
            | StoreEvent<F>.Kind.state.bit | StoreEvent<F>.Kind.sideEffect.bit
            | StoreEvent<F>.Kind.failure.bit
    }

    @usableFromInline let entries: [MiddlewareEntry<F>]
    /// The first recorder among the middleware that no other live store had claimed.
    @usableFromInline let recorder: StoreRecorder<F>?
    /// The same, for the send path to use without reference counting.
    @usableFromInline let unmanagedRecorder: Unmanaged<StoreRecorder<F>>?
    /// The kinds of event some middleware observes, and the recording bit.
    let interest: UInt16
    /// The middleware that observes async work's start and end; `nil` when none does, so
    /// that starting work costs one check.
    let workObservers: [any Middleware<F>]?

    init(_ middleware: [any Middleware<F>]) {
        entries = middleware.map(MiddlewareEntry.init)
        recorder = middleware.lazy
            .compactMap { ($0 as? any RecordingMiddleware)?.recorder(for: F.self) }
            .first { $0.claim() }
        unmanagedRecorder = recorder.map { Unmanaged.passUnretained($0) }
        interest = entries.reduce(recorder == nil ? 0 : Self.recordingBit) { $0 | $1.mask }
        let workObservers = middleware.filter(\.observesAsyncWork)
        self.workObservers = workObservers.isEmpty ? nil : workObservers
    }
}
