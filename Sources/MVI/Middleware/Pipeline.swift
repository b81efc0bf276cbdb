/// A store's middleware and recorder, kept together so that a store without middleware
/// pays one pointer for both.
@usableFromInline
final class Pipeline<F: Feature>: @unchecked Sendable {  // immutable after init: the link buffer is written only there
    /// Each middleware, opened once (see ``MiddlewareLink``); they keep the links alive.
    let links: [MiddlewareLink<F>]
    /// The same links for the send path, which reads them without reference counting:
    /// `links` owns them, and this buffer, for as long as the pipeline lives.
    @usableFromInline let unmanagedLinks: UnsafeMutableBufferPointer<Unmanaged<MiddlewareLink<F>>>
    /// The first recorder among the middleware that no other live store had claimed.
    @usableFromInline let recorder: StoreRecorder<F>?
    /// The same, for the send path to use without reference counting.
    @usableFromInline let unmanagedRecorder: Unmanaged<StoreRecorder<F>>?
    /// The kinds of event some middleware observes, and ``StoreInterest/hook``.
    let interest: StoreInterest
    /// The middleware that observes async work's start and end; `nil` when none does, so
    /// that starting work costs one check.
    @usableFromInline let workObservers: [MiddlewareLink<F>]?

    /// Opens each middleware for the store named `storeName`.
    init(_ middleware: [any Middleware<F>], storeName: String) {
        links = middleware.map { $0.link(forStoreNamed: storeName) }
        unmanagedLinks = .allocate(capacity: links.count)
        _ = unmanagedLinks.initialize(from: links.lazy.map { Unmanaged.passUnretained($0) })
        recorder = middleware.lazy
            .compactMap { ($0 as? any RecordingMiddleware)?.recorder(for: F.self) }
            .first { $0.claim() }
        unmanagedRecorder = recorder.map { Unmanaged.passUnretained($0) }
        interest = StoreInterest(rawValue: links.reduce(0) { $0 | $1.mask }).union(recorder == nil ? [] : .hook)
        let workObservers = links.filter(\.observesAsyncWork)
        self.workObservers = workObservers.isEmpty ? nil : workObservers
    }

    deinit {
        unmanagedLinks.deallocate()
    }
}
