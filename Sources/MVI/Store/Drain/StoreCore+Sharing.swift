/// Shared values (``Shared``, ``StateSharing``): a store's parts bound to them, written after
/// its reducer changes them and set when another store or thread changes them.
extension StoreCore {
    /// The bit of ``middlewareInterest`` that says the store shares parts of its state:
    /// messages then take the watched path, so a store without shared values pays nothing.
    @inlinable static var sharingBit: UInt16 { 1 << 13 }

    /// Whether the store shares parts of its state (``sharingBit``).
    @inlinable var hasSharing: Bool { middlewareInterest & Self.sharingBit != 0 }

    /// The store's links, one per shared value, in lock order.
    var sharingLinks: [SharingLink<F>] {
        // Only a sharing store's init sets `settings.sharing`, to an array of this store's links.
        unsafeDowncast(settings.unsafelyUnwrapped.sharing.unsafelyUnwrapped, to: SharingLinks<F>.self).links
    }

    /// Links the store to its shared values and sets each part to its value. From the
    /// initializer, before anyone else can reach the store.
    func attachSharing() {
        for link in sharingLinks {
            link.core = self
            stateLock.withLock { link.part.attach(link, to: &drainer.state) }
        }
    }

    /// Unlinks the store from its shared values: it ended.
    func detachSharing() {
        guard hasSharing else { return }
        for link in sharingLinks { link.part.detach(link) }
    }

    /// Applies a message in a sharing store: the reducer runs on the newest shared values,
    /// under their locks, and what it changed in them is written back and queued into the
    /// other stores, which are run once the locks are released.
    @usableFromInline func applySharing(_ message: F.Message) {
        if wants(.message) { emit(.message(message), kind: .message) }
        let links = sharingLinks
        for link in links { link.part.lockValue() }
        let caughtUp = catchUp(links)
        let me = ThreadIdentity.current
        if hasRecorder {
            reduceRecording(message)
        } else {
            reduce(message, on: me)
        }
        var kicks: [(SharingLink<F>, [any SharedSubscriber])] = []
        for link in links {
            if let subscribers = link.part.publish(drainer.state, from: link) { kicks.append((link, subscribers)) }
        }
        for link in links.reversed() { link.part.unlockValue() }
        if let caughtUp, wants(.sharedChange) { emit(.sharedChange(caughtUp.value)) }
        if wants(.state) { emit(.state(drainer.state), kind: .state) }
        finishPublishing(links, kicks)
        notifyObservers(on: me)
    }

    /// After the value locks are released: saves what was written and runs the other stores.
    private func finishPublishing(_ links: [SharingLink<F>], _ kicks: [(SharingLink<F>, [any SharedSubscriber])]) {
        guard !kicks.isEmpty else { return }
        for link in links { link.part.saveAfterPublish() }
        for (writer, subscribers) in kicks { kickSubscribers(subscribers, except: writer) }
    }

    /// Under the value locks: sets each part to a newer value, if any, recorded as a shared
    /// change. Returns the state after it (for middleware) if anything changed.
    private func catchUp(_ links: [SharingLink<F>]) -> StateBox<F.State>? {
        var state = drainer.state
        var changed = false
        for link in links where link.part.catchUp(&state) { changed = true }
        guard changed else { return nil }
        setShared(state)
        return wants(.sharedChange) ? StateBox(state) : nil
    }

    /// Sets the state to one a shared change made: recorded for time travel like a replaced
    /// state.
    private func setShared(_ state: F.State) {
        if hasRecorder {
            recordReplacement(state)
        } else {
            stateLock.withLock { drainer.state = state }
        }
    }

    /// A queued shared change (``QueueItem/sharedChange(_:)``): sets the part to the newest
    /// value, unless the state has it already (a reducer caught up with it, or an earlier
    /// change carried it), and shows it to middleware and observers.
    func applySharedChange(from link: SharingLink<F>) {
        if drainer.liveWhileShowing != nil {
            stateLock.withLock { drainer.liveWhileShowing = nil }
        }
        var state = drainer.state
        link.part.lockValue()
        let changed = link.part.catchUp(&state)
        link.part.unlockValue()
        guard changed else { return }
        setShared(state)
        if wants(.sharedChange) { emit(.sharedChange(drainer.state)) }
        notifyObservers()
    }

    /// After the state was replaced from outside (``Store/replaceState(with:)``): what it
    /// changed in shared parts is written to them.
    func publishReplacement() {
        let links = sharingLinks
        for link in links { link.part.lockValue() }
        var kicks: [(SharingLink<F>, [any SharedSubscriber])] = []
        for link in links {
            if let subscribers = link.part.publish(drainer.state, from: link) { kicks.append((link, subscribers)) }
        }
        for link in links.reversed() { link.part.unlockValue() }
        finishPublishing(links, kicks)
    }
}

/// A store's links to its shared values, kept in its settings.
final class SharingLinks<F: Feature>: Sendable {
    let links: [SharingLink<F>]

    /// Links for `sharing`, sorted by lock order.
    init(_ sharing: [StateSharing<F.State>]) {
        links = sharing.map { SharingLink(part: $0.makePart()) }.sorted { $0.part.lockOrder < $1.part.lockOrder }
    }
}

/// A store's link to one shared value: what the value queues changes into.
/// `@unchecked Sendable`: `core` is set once, in the store's init, before the link is shared.
@usableFromInline final class SharingLink<F: Feature>: SharedSubscriber, @unchecked Sendable {  // see above
    let part: any SharedPart<F.State>
    /// The store; weak, so that a value does not keep the stores bound to it alive.
    weak var core: StoreCore<F>?

    init(part: any SharedPart<F.State>) {
        self.part = part
    }

    func queueChange() -> Bool {
        guard let core else { return false }
        return core.queueUnclaimed(.sharedChange(self))
    }

    func drainIfIdle() {
        guard let core, core.claimAbandonedQueue() else { return }
        core.drainQueued()
    }

    var isAlive: Bool { core != nil }
}
