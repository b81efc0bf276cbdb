/// Shared values (``Shared``, ``StateSharing``): a store's parts bound to them, written after
/// its reducer changes them and set when another store or thread changes them.
///
/// Inlinable, like the send path: the store's side runs code specialized for its feature.
/// Unspecialized, a write seen by another store paid generic metadata look-ups for every
/// queue item, tuple and array of the drain (budgets.tsv: shared-write-2, shared-write-100).
extension StoreCore {
    /// Whether the store shares parts of its state (``StoreInterest/sharing``): messages then
    /// take the watched path, so a store without shared values pays nothing.
    @inlinable var hasSharing: Bool { middlewareInterest.intersects(.sharing) }

    /// The store's links to its shared values, in lock order.
    @inlinable var sharing: SharingLinks<F> {
        // Only a sharing store's init sets `settings.sharing`, to the links of this feature.
        unsafeDowncast(settings.unsafelyUnwrapped.sharing.unsafelyUnwrapped, to: SharingLinks<F>.self)
    }

    /// Links the store to its shared values and sets each part to its value. From the
    /// initializer, before anyone else can reach the store; inlinable, so that the closures
    /// it gives the links run code specialized for the feature.
    @inlinable func attachSharing() {
        let sharing = self.sharing
        for (link, part) in zip(sharing.links, sharing.parts) {
            link.connect(
                queue: { [weak self] in self?.queueUnclaimed(.sharedChange(link)) ?? false },
                drainIfIdle: { [weak self] in
                    guard let self, self.claimAbandonedQueue() else { return }
                    self.drainQueued()
                },
                apply: { [weak self] in self?.applySharedChange(from: part) },
                isAlive: { [weak self] in self != nil })
            stateLock.withLock { part.attach(link, to: &drainer.state) }
        }
    }

    /// Unlinks the store from its shared values: it ended.
    func detachSharing() {
        guard hasSharing else { return }
        let sharing = self.sharing
        for (link, part) in zip(sharing.links, sharing.parts) { part.detach(link) }
    }

    /// Applies a message in a sharing store: the reducer runs on the newest shared values,
    /// under their locks, and what it changed in them is written back and queued into the
    /// other stores, which are run once the locks are released.
    @inlinable func applySharing(_ message: F.Message, _ site: CallSite) {
        if wants(.message) { emit(.message(message), kind: .message) }
        let sharing = self.sharing
        for part in sharing.parts { part.lockValue() }
        let caughtUp = catchUp(sharing.parts)
        let me = ThreadIdentity.current
        if hasHook {
            reduceHooked(message, site)
        } else {
            reduce(message, on: me, routing: routesToChildren)
        }
        let kicks = publish(sharing)
        for part in sharing.parts.reversed() { part.unlockValue() }
        if let caughtUp, wants(.sharedChange) { emit(.sharedChange(caughtUp.value)) }
        if wants(.state) { emit(.state(drainer.state), kind: .state) }
        if !kicks.isEmpty { finishPublishing(sharing, kicks) }
        notifyObservers(on: me)
    }

    /// Under the value locks: writes each part the state changed to its value, and returns
    /// the other stores to run once the locks are released.
    @inlinable func publish(_ sharing: SharingLinks<F>) -> [SharedKick] {
        var kicks: [SharedKick] = []
        for (link, part) in zip(sharing.links, sharing.parts) {
            if let observers = part.publish(drainer.state, from: link) {
                kicks.append(SharedKick(writer: link, observers: observers))
            }
        }
        return kicks
    }

    /// After the value locks are released: saves what was written and runs the other stores.
    @usableFromInline func finishPublishing(_ sharing: SharingLinks<F>, _ kicks: [SharedKick]) {
        for part in sharing.parts { part.saveAfterPublish() }
        for kick in kicks { kickObservers(kick.observers, except: kick.writer) }
    }

    /// Under the value locks: sets each part to a newer value, if any, kept as a shared
    /// change. Returns the state after it (for middleware) if anything changed.
    @inlinable func catchUp(_ parts: [any SharedPart<F.State>]) -> StateBox<F.State>? {
        guard parts.contains(where: { $0.hasNewer }) else { return nil }
        var state = drainer.state
        var changed = false
        F.keepingSharedElements(&state) { state in
            for part in parts where part.catchUp(&state) { changed = true }
        }
        guard changed else { return nil }
        setShared(state)
        return wants(.sharedChange) ? StateBox(state) : nil
    }

    /// Sets the state to one a shared change made: shown to the hook like a replaced state.
    @inlinable func setShared(_ state: F.State) {
        if hasHook {
            replaceHooked(state)
        } else {
            stateLock.withLock { drainer.state = state }
        }
    }

    /// A queued shared change (``QueueItem/sharedChange(_:)``) for `part`: sets the part to
    /// the newest value, unless the state has it already (a reducer caught up with it, or an
    /// earlier change carried it), and shows it to middleware and observers.
    @inlinable func applySharedChange(from part: any SharedPart<F.State>) {
        part.lockValue()
        guard part.hasNewer else { return part.unlockValue() }
        var state = drainer.state
        // Copies of what changed (``Feature/sharedElements``) follow it, as after a reduce.
        var changed = false
        F.keepingSharedElements(&state) { changed = part.catchUp(&$0) }
        part.unlockValue()
        guard changed else { return }
        if drainer.liveWhileShowing != nil {
            stateLock.withLock { drainer.liveWhileShowing = nil }
        }
        setShared(state)
        if wants(.sharedChange) { emit(.sharedChange(drainer.state)) }
        notifyObservers()
    }

    /// After the state was replaced from outside (``Store/replaceState(with:)``): what it
    /// changed in shared parts is written to them.
    func publishReplacement() {
        let sharing = self.sharing
        for part in sharing.parts { part.lockValue() }
        let kicks = publish(sharing)
        for part in sharing.parts.reversed() { part.unlockValue() }
        if !kicks.isEmpty { finishPublishing(sharing, kicks) }
    }
}

/// A store's links to its shared values, kept in its settings: one link and one part per
/// value, in lock order.
@usableFromInline
final class SharingLinks<F: Feature>: Sendable {
    /// What each value queues changes into.
    @usableFromInline let links: [SharingLink]
    /// The parts of the state, typed, in the same order.
    @usableFromInline let parts: [any SharedPart<F.State>]

    /// Links for `sharing`, sorted by lock order.
    init(_ sharing: [StateSharing<F.State>]) {
        parts = sharing.map { $0.makePart() }.sorted { $0.lockOrder < $1.lockOrder }
        links = parts.map { _ in SharingLink() }
    }
}

/// Stores to run once a value's lock is released: every observer but the writer.
@usableFromInline
struct SharedKick {
    @usableFromInline let writer: SharingLink
    @usableFromInline let observers: [any SharedObserver]

    @inlinable init(writer: SharingLink, observers: [any SharedObserver]) {
        self.writer = writer
        self.observers = observers
    }
}

/// A store's link to one shared value: what the value queues changes into. Its closures are
/// made where the store's feature is known (``StoreCore/attachSharing()``), so that a change
/// runs code specialized for it.
/// The closures are set once, in the store's init, before the link is given to the value
/// (under its lock), and never written again.
@usableFromInline
final class SharingLink: SharedObserver, @unchecked Sendable {  // closures: set once, before sharing
    private var queue: @Sendable () -> Bool = { false }
    private var drain: @Sendable () -> Void = {}
    private var applyChange: @Sendable () -> Void = {}
    private var alive: @Sendable () -> Bool = { false }

    init() {}

    /// Sets the closures; from the store's init only.
    @usableFromInline func connect(
        queue: @escaping @Sendable () -> Bool, drainIfIdle: @escaping @Sendable () -> Void,
        apply: @escaping @Sendable () -> Void, isAlive: @escaping @Sendable () -> Bool
    ) {
        self.queue = queue
        self.drain = drainIfIdle
        self.applyChange = apply
        self.alive = isAlive
    }

    @usableFromInline func queueChange() -> Bool { queue() }
    @usableFromInline func drainIfIdle() { drain() }
    @usableFromInline var isAlive: Bool { alive() }
    /// Applies the newest value to the store's state (the queued change is being run).
    @usableFromInline func apply() { applyChange() }
}
