import MVI

/// A registered store and, while it is part of a live recording, its track.
///
/// Every mutable property is read and written only while holding the controller's lock
/// (`TimeTravel.storage`), which is what makes the `@unchecked Sendable` below safe, and
/// the `@exclusivity(unchecked)` on the recording path's properties: the lock already
/// serializes every access, so the dynamic exclusivity check would only repeat it.
///
/// Dropping old payloads is split in two so that the controller's eviction stays
/// non-generic: it only raises `droppedCount`; the payloads are removed (and the last
/// dropped state becomes the baseline) by ``settle()``, in code specialized for `F`, on the
/// store's next append or before anything reads the payloads.
@usableFromInline
final class LiveStore<F: Feature>: Track, RegisteredStore, @unchecked Sendable {
    let name: String
    /// The registration token; the store counts as alive while its middleware exists.
    weak var registration: Registration?
    var hooks: StoreHooks<F>?
    var isEnded = false
    /// Set when the same middleware was given to a second store: recording stops for it.
    @usableFromInline @exclusivity(unchecked) var isConflicted = false
    /// Position in the current live timeline's tracks, if it is part of it.
    @usableFromInline @exclusivity(unchecked) var trackID: Int32?

    @usableFromInline @exclusivity(unchecked) var payloads = RingBuffer<Payload<F>>()
    @usableFromInline @exclusivity(unchecked) var appendedCount = 0
    /// How many payloads were dropped from the front (by eviction).
    @usableFromInline @exclusivity(unchecked) var droppedCount = 0
    /// How many of those were actually removed from `payloads`.
    @usableFromInline @exclusivity(unchecked) var removedCount = 0
    /// The state before the first kept payload, once settled.
    @usableFromInline @exclusivity(unchecked) var baseline: F.State?

    init(name: String, registration: Registration) {
        self.name = name
        self.registration = registration
    }

    // MARK: RegisteredStore

    var isAlive: Bool { !isEnded && registration != nil && (hooks?.isAlive ?? true) }
    var isAttached: Bool { hooks != nil }

    func holdInput() { hooks?.holdInput() }

    func resumeAction() -> @Sendable () -> Void {
        let hooks = hooks
        return { hooks?.resumeInput() }
    }

    func decodeState(_ json: JSONValue) throws -> (any Sendable)? {
        guard let type = F.State.self as? any Decodable.Type else { return nil }
        let decoded = try JSONCodec.decode(type, from: json)
        guard let state = decoded as? F.State else { return nil }
        return state
    }

    func showAction(erased state: any Sendable) -> (@Sendable () -> Void)? {
        guard let hooks, let state = state as? F.State else { return nil }
        return { hooks.show(state) }
    }

    // MARK: Recording

    /// Starts a new live timeline for this store, from `state`.
    func beginTrack(id: Int32, state: F.State) {
        trackID = id
        payloads.removeAll()
        appendedCount = 0
        droppedCount = 0
        removedCount = 0
        baseline = state
    }

    func leaveTrack() { trackID = nil }

    func beginLiveTrack(id: Int32) -> (any Track)? {
        guard !isConflicted, isAlive, let state = hooks?.state else { return nil }
        beginTrack(id: id, state: state)
        return self
    }

    /// Appends a payload; returns its local number.
    @inlinable func append(_ payload: Payload<F>) -> Int {
        settle()
        payloads.append(payload)
        appendedCount += 1
        return appendedCount - 1
    }

    // MARK: Track

    var typeNames: TimeTravelRecording.TypeNames {
        TimeTravelRecording.TypeNames(
            state: String(reflecting: F.State.self),
            intent: String(reflecting: F.Intent.self),
            message: String(reflecting: F.Message.self),
            sideEffect: String(reflecting: F.SideEffect.self))
    }

    func dropFirst(_ count: Int) {
        droppedCount += count
    }

    /// Removes the payloads eviction dropped; the last dropped state becomes the baseline.
    @inlinable func settle() {
        while removedCount < droppedCount {
            if case .state(let state) = payloads.removeFirst() { baseline = state }
            removedCount += 1
        }
    }

    func describe(local: Int) -> String {
        settle()
        return String(describing: payloads[local - removedCount].value)
    }

    func encode(local: Int) -> JSONValue? {
        settle()
        return JSONCodec.encode(payloads[local - removedCount].value)
    }

    var baselineDescription: String? {
        settle()
        return baseline.map { String(describing: $0) }
    }

    func encodeBaseline() -> JSONValue? {
        settle()
        return baseline.flatMap { JSONCodec.encode($0) }
    }

    func showAction(stateAt local: Int?) -> (@Sendable () -> Void)? {
        settle()
        guard let hooks, isAlive else { return nil }
        let state: F.State?
        if let local, case .state(let recorded) = payloads[local - removedCount] {
            state = recorded
        } else {
            state = baseline
        }
        guard let state else { return nil }
        return { hooks.show(state) }
    }
}

/// The token a time-travel middleware holds: while it exists, its name stays taken.
@usableFromInline
final class Registration: Sendable {
    @usableFromInline init() {}
}
