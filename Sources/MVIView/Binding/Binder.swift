import MVI
/// Connects a store to views for as long as it is started: states to views, view events and
/// intent streams to the store, side effects to an observer.
///
/// MVIKotlin's `bind(lifecycle, mode) { ... }`:
///
/// ```swift
/// let binder = Binder(store)
///     .bind(view, model: CalculatorModel.init, intent: CalculatorIntent.init)
///     .bind(sideEffects: { [unowned self] in navigate($0) })
///     .bind(intents: slider.values.map { .height($0) })
///     .bind(to: lifecycle, mode: .startStop)     // or call start() and stop() yourself
/// ```
///
/// Make the bindings before the first ``start()``; a binding added while started takes effect
/// on the next start.
///
/// ## Threading
///
/// A binder lives on the main actor, and so does everything it calls: state mapping, view
/// rendering, side-effect observers. The store produces states and side effects on whatever
/// thread drains it; the binder takes them there without waiting, and delivers them on the
/// main actor in the order the store made them, states and side effects interleaved as they
/// happened. When the main actor is busy, consecutive states collapse into the latest, so a
/// slow view renders fewer states, never an older state after a newer one. ``start()``
/// delivers what is ready (the current state, side effects that waited) before it returns.
///
/// ## Stopped
///
/// While stopped, nothing is delivered. States are not queued: ``start()`` renders the store's
/// current state. Side effects are not taken from the store: they wait in its buffer (under
/// the default `SideEffectPolicy/buffer(capacity:)` policy, up to its capacity; overflow is
/// reported to the store's error handler) and ``start()`` delivers them, in order. A side
/// effect the binder took before ``stop()`` but had not delivered yet is delivered by
/// ``stop()`` itself; one it holds when it is released goes back to the store. So none is lost
/// and none is delivered twice, however `stop()` races with the store.
@MainActor
public final class Binder<F: Feature> {
    /// The store this binder connects.
    public let store: Store<F>

    private var stateSinks: [@MainActor (F.State) -> Void] = []
    private var sideEffectSinks: [@MainActor (F.SideEffect) -> Void] = []
    /// Connections made on start; each returns the subscription that undoes it.
    private var connections: [() -> Subscription] = []

    private var session: Session?
    var lifecycleSubscription: Subscription?

    /// What one start made. Sendable, so a plain `deinit` can end it from any thread.
    private final class Session: Sendable {
        let queue = BinderQueue<F.State, F.SideEffect>()
        private let resources = Locked<[Subscription]>([])

        func keep(_ subscription: Subscription) {
            resources.withLock { $0.append(subscription) }
        }

        /// Cancels every connection and subscription, newest first.
        func cancelAll() {
            let all = resources.withLock { resources in
                defer { resources.removeAll() }
                return resources
            }
            for subscription in all.reversed() { subscription.cancel() }
        }
    }

    /// Creates a stopped binder for `store`.
    public init(_ store: Store<F>) {
        self.store = store
    }

    // A plain deinit (an isolated one needs a newer Apple runtime): it cannot call the
    // main-actor observers, so a side effect the binder took but had not delivered yet goes
    // back to the store, which delivers it to its next observer. Nothing is lost.
    deinit {
        guard let session else { return }
        session.cancelAll()
        for sideEffect in session.queue.close() {
            store.returnSideEffect(sideEffect)
        }
    }

    /// Whether the binder is started.
    public var isStarted: Bool { session != nil }

    // MARK: Bindings

    /// Renders each state through `model`, a pure function, on `view`. The binder does not keep
    /// the view alive.
    @discardableResult
    public func bind<View: ViewRenderer>(_ view: View, model: @escaping @MainActor (F.State) -> View.Model) -> Self {
        bind(states: { [weak view] state in view?.render(model(state)) })
    }

    /// Renders each state through `model` on `view`, and sends the intent `intent` maps each of
    /// its events to (`nil` sends nothing).
    @discardableResult
    public func bind<View: MVIView>(
        _ view: View,
        model: @escaping @MainActor (F.State) -> View.Model,
        intent: @escaping @MainActor (View.Event) -> F.Intent?
    ) -> Self {
        bind(view, model: model)
        return bind(events: view, intent: intent)
    }

    /// Sends the intent `intent` maps each event of `view` to (`nil` sends nothing), while
    /// started.
    @discardableResult
    public func bind<Events: ViewEvents>(
        events view: Events,
        intent: @escaping @MainActor (Events.Event) -> F.Intent?
    ) -> Self {
        let store = store
        return connect { [weak view] in
            guard let view else { return Subscription {} }
            return view.onEvent { event in
                if let intent = intent(event) { store.send(intent) }
            }
        }
    }

    /// Calls `onState` with the current state on start, then with each new state, while started.
    @discardableResult
    public func bind(states onState: @escaping @MainActor (F.State) -> Void) -> Self {
        stateSinks.append(onState)
        return self
    }

    /// Calls `observer` with each side effect, while started. Side effects posted while stopped
    /// wait in the store and arrive on the next start.
    ///
    /// Bind side effects once per store: under a single-consumer policy, the side effects go
    /// to one observer, and the binder is that observer while started.
    @discardableResult
    public func bind(sideEffects observer: @escaping @MainActor (F.SideEffect) -> Void) -> Self {
        sideEffectSinks.append(observer)
        return self
    }

    /// Adds a connection made on each start and undone on each stop.
    func connect(_ connection: @escaping () -> Subscription) -> Self {
        connections.append(connection)
        return self
    }

    // MARK: Start and stop

    /// Starts delivering: renders the current state, delivers side effects that waited, and
    /// connects view events and intent streams. Does nothing if started.
    public func start() {
        guard session == nil else { return }
        let session = Session()
        self.session = session
        let queue = session.queue
        if !stateSinks.isEmpty {
            session.keep(store.subscribe { queue.push(state: $0) })
        }
        if !sideEffectSinks.isEmpty {
            session.keep(store.observeSideEffects(accepting: { queue.push(sideEffect: $0) }))
        }
        let consumer = Task { [weak self, weak session, queue] in
            for await _ in queue.wakeUps {
                guard let self, let session, self.session === session else { return }
                self.deliver(session)
            }
        }
        session.keep(Subscription { consumer.cancel() })
        // What the store handed over synchronously (the current state, waiting side effects).
        deliver(session)
        guard self.session === session else { return }  // an observer stopped the binder
        for connection in connections {
            session.keep(connection())
        }
    }

    /// Stops delivering: disconnects view events and intent streams, stops observing the
    /// store, and delivers the side effects it had already taken. Does nothing if stopped.
    public func stop() {
        guard let session else { return }
        self.session = nil
        session.cancelAll()
        for sideEffect in session.queue.close() {
            for sink in sideEffectSinks { sink(sideEffect) }
        }
    }

    /// Delivers what waits in the queue, one item at a time, until it is empty or an observer
    /// stops the binder (``stop()`` then delivers the side effects that are left).
    private func deliver(_ session: Session) {
        while self.session === session, let item = session.queue.pop() {
            switch item {
            case .state(let state):
                for sink in stateSinks { sink(state) }
            case .sideEffect(let sideEffect):
                for sink in sideEffectSinks { sink(sideEffect) }
            }
        }
    }
}
