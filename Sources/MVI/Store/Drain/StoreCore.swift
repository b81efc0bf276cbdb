import Synchronization

/// The drain half of a store: what runs while holding the drain claim, and the state it writes.
///
/// Who drains, what is queued, held, started and cancelled is decided by the scheduler
/// (``StoreScheduler``, this type's superclass: the lock, ``SchedulingStateMachine`` and each
/// transition with the action it returns). This type asks it, then acts on the action outside
/// its lock: it runs `execute`, `reduce`, the observers, the side-effect observers, middleware,
/// the hook's steps (time travel's), and time travel's show and restore. One thread at a time holds the
/// drain claim, so reductions are serial and ordered, and a re-entrant send just queues.
///
/// Two locks, both ``Lock``, never held together and never around user code but `reduce`:
/// - the scheduler's `lock` guards the scheduling (``StoreScheduler``). Nothing user-written
///   runs under it, so queuing input never waits for a `reduce`, an `execute` or an observer.
/// - `stateLock`, this type's, guards writes of `drainer.state` (and what the hook writes
///   with them, and the live state kept aside while another is shown). The claim
///   holder reduces under it; readers on other threads take it to read. The claim holder
///   reads without it (only the claim holder writes). A reader on the thread that is reducing
///   (a reducer reading the store) is told so, instead of deadlocking.
///
/// Only this type's files (`Store/Drain/`) take `stateLock` or touch `drainer`
/// (`.ci/owners-lint` checks it); everything else goes through their methods.
///
/// Its rooms, each an extension in this folder named for what it holds: the state
/// (`+State`), input (`+Sending`), the queue (`+Draining`, `+Performing`), one input's
/// `execute` and `apply` (`+Pipeline`) and who is told (`+Notifying`), failures, the
/// lifecycle, and one file per add-on path (side effects, async work, sharing, the hook…).
@usableFromInline
package final class StoreCore<F: Feature>: StoreScheduler<F>, @unchecked Sendable {  // `drainer`: see above
    /// What the drain-claim holder touches: written only by it; `state` (and
    /// `liveWhileShowing`) written under `stateLock`, so that other threads may read them
    /// under it.
    @usableFromInline
    struct Drainer {
        @usableFromInline var state: F.State
        @usableFromInline var observers = StateObservers<F.State>()
        @usableFromInline var sideEffectObservers: [SideEffectObserver<F.SideEffect>] = []
        /// The store's own state while time travel shows another one; restored on resume.
        /// Boxed: it is rarely used, and an inline optional state would grow every store.
        @usableFromInline var liveWhileShowing: StateBox<F.State>?
        /// Whether `execute` or `bootstrap` is on the stack; kept only when there is middleware.
        /// Last, so that `hasMiddleware` after `drainer` shares its padding.
        @usableFromInline var isExecuting = false
        /// Whether the observer that cancels the work of removed children is there
        /// (StoreCore+ChildWork.swift).
        @usableFromInline var watchesChildrenWithWork = false
        /// Whether `execute` runs on the hooked path: its hook's step follows it
        /// (StoreCore+Pipeline.swift).
        @usableFromInline var isExecutingHooked = false
        /// While an intent sent with ``Store/sendAwaitingWork(_:)`` executes: what collects
        /// the work it starts.
        @usableFromInline var awaitedWork: AwaitedWork?

        @inlinable init(state: F.State) { self.state = state }
    }

    /// The name, error handler, side-effect policy and input bound given at creation; `nil`
    /// when all are the defaults (the name then made only when asked for), so that a plain
    /// store carries one pointer for them.
    @usableFromInline let settings: StoreSettings?
    @usableFromInline let feature: F
    /// The thread running `reduce` right now, or 0: lets a read of the state from inside a
    /// reducer fail with a message instead of a deadlock, and a send from it be reported.
    @usableFromInline let reducingThread: Atomic<UInt>
    /// Guarded by the drain claim (one thread at a time); `state` also by `stateLock`.
    // Unchecked exclusivity: every write holds the drain claim (and `stateLock` for the
    // state), every read from another thread holds `stateLock`, which is stronger than the
    // dynamic check; the check would begin a dynamic access (a runtime call) at each of the
    // several accesses of a plain send.
    @usableFromInline @exclusivity(unchecked) var drainer: Drainer
    /// The kinds of event some middleware observes, whether the store has a hook, and what
    /// the settings add (an environment, sharing): one bit each (``StoreInterest``).
    @usableFromInline let middlewareInterest: StoreInterest
    /// Guards writes of `drainer.state` and `drainer.liveWhileShowing`, and reads of them
    /// from threads that do not hold the drain claim (see the type's comment).
    /// Beside `middlewareInterest`, so that the two share one 8-byte slot.
    @usableFromInline let stateLock = Lock()
    /// The middleware and the hook; `nil` without middleware, so that a plain store
    /// carries one empty pointer.
    @usableFromInline let pipeline: Pipeline<F>?
    /// The name given at creation; `nil` for the default.
    @inlinable var givenName: String? { settings?.givenName }
    /// Receives the store's failures.
    @inlinable var errorHandler: StoreErrorHandler { settings?.errorHandler ?? .standardError }
    /// How side effects are delivered.
    @inlinable var policy: SideEffectPolicy { settings?.policy ?? .default }
    /// A test harness's executor and failure observers (StoreCore+TestSupport.swift); empty in apps.
    @usableFromInline let testSupport = AtomicReference<StoreTestSupport>()

    /// Inlinable, like ``Store/init(_:initialState:name:middleware:sideEffects:pendingInputLimit:onError:environment:sharing:start:)``:
    /// creating a store runs code specialized for its feature.
    @inlinable convenience init(
        feature: F,
        initialState: F.State,
        name: String?,
        middleware: [any Middleware<F>],
        sideEffects: SideEffectPolicy,
        errorHandler: StoreErrorHandler
    ) {
        self.init(
            feature: feature, initialState: initialState, middleware: middleware,
            settings: name == nil && errorHandler.isStandardError && sideEffects == .default
                ? nil : StoreSettings(givenName: name, errorHandler: errorHandler, policy: sideEffects))
    }

    /// A store whose pending input is bounded, or whose feature runs in an environment: out
    /// of line, so that a plain store's creation does not carry them (budgets.tsv:
    /// create-store).
    @usableFromInline convenience init(
        feature: F,
        initialState: F.State,
        name: String?,
        middleware: [any Middleware<F>],
        sideEffects: SideEffectPolicy,
        errorHandler: StoreErrorHandler,
        pendingInputLimit: Int?,
        environment: (any ExecutionEnvironment)?,
        sharing: [StateSharing<F.State>] = []
    ) {
        self.init(
            feature: feature, initialState: initialState, middleware: middleware,
            settings: StoreSettings(
                givenName: name, errorHandler: errorHandler, policy: sideEffects, pendingInputLimit: pendingInputLimit,
                environment: environment,
                sharing: sharing.isEmpty ? nil : SharingLinks<F>(sharing)))
        if let pendingInputLimit { bound(inputTo: pendingInputLimit) }
    }

    @inlinable init(feature: F, initialState: F.State, middleware: [any Middleware<F>], settings: StoreSettings?) {
        self.feature = feature
        self.reducingThread = Atomic(0)
        self.drainer = Drainer(state: initialState)
        // A feature's children, learnt once, take the watched paths (``StoreInterest/children``).
        let settingsBits = (settings?.interest ?? []).union(F.childScopes.isEmpty ? [] : .children)
        if middleware.isEmpty {
            self.settings = settings
            self.pipeline = nil
            self.middlewareInterest = settingsBits
        } else {
            let (pipeline, interest, settings) = Self.makePipeline(middleware, settings: settings)
            self.settings = settings
            self.pipeline = pipeline
            self.middlewareInterest = interest.union(settingsBits)
        }
        super.init()
        if !middleware.isEmpty { attachHook() }
    }

    /// The pipeline of a store with middleware, the kinds of event it observes, and the
    /// store's settings with what its hook binds into its environment: out of line, off the
    /// plain store's path.
    @usableFromInline static func makePipeline(
        _ middleware: [any Middleware<F>], settings: StoreSettings?
    ) -> (Pipeline<F>, StoreInterest, StoreSettings?) {
        let pipeline = Pipeline(middleware, storeName: Self.name(given: settings?.givenName))
        return (pipeline, pipeline.interest, hookSettings(settings, pipeline))
    }

    /// The store's name: as given, or derived from the feature's type.
    @usableFromInline package var name: String {
        Self.name(given: givenName)
    }

    /// The name of a store of this feature created with `givenName`.
    static func name(given givenName: String?) -> String {
        if let givenName { return givenName }
        if let named = F.self as? any DefaultStoreName.Type { return named.defaultStoreName }
        return String(describing: F.self)
    }
}
