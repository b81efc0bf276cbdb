import MVI
import MVIJSON

/// A registered store: its recorder (which the store writes on its send path), its hooks,
/// and, while it is part of the controller's timeline, its events copied out of the
/// recorder (``refresh(track:origin:into:)``).
///
/// Every mutable property is read and written only while holding the controller's lock
/// (`TimeTravel.storage`), which is what makes the `@unchecked Sendable` below safe.
final class LiveStore<F: Feature>: Track, RegisteredStore, @unchecked Sendable {
    let name: String
    let recorder: StoreRecorder<F>
    /// The registration token; the store counts as alive while its middleware exists.
    weak var registration: Registration?
    var hooks: StoreHooks<F>?
    var isEnded = false
    /// Set when the same middleware was given to a second store: neither is recorded.
    var isConflicted = false
    /// Position in the current live timeline's tracks, if it is part of it.
    var trackID: Int32?

    /// The events copied out of the recorder, one value each.
    var payloads: [Payload<F>] = []
    /// The state before the first of `payloads`.
    var baseline: F.State?
    /// The positions in `payloads` of the messages an intent dispatched as it ran.
    var dispatchedMessages: Set<Int> = []
    /// The messages left out by the controller's skips (positions in `payloads`), and the
    /// states recomputed without them, by the position of their state event.
    var skipped: Set<Int> = []
    var recomputed: [Int: F.State] = [:]
    /// The causes the recorder kept, copied when the timeline was frozen (stopping discards
    /// the recorder's log).
    var frozenTrace: RecordedTrace?

    /// The dependency calls of the store that recorded here last, if its environment records
    /// them (kept once it ended): set by the recorder's environment binding, when the store
    /// is made.
    let calls = Locked<RecordedCalls?>(nil)

    init(name: String, session: RecordingSession, registration: Registration) {
        self.name = name
        self.registration = registration
        let calls = self.calls
        self.recorder = StoreRecorder(session: session) { environment in
            RecordedCalls.binding(into: environment, session: session) { bound in calls.withLock { $0 = bound } }
        }
    }

    // MARK: RegisteredStore

    var isAlive: Bool { !isEnded && registration != nil && (hooks?.isAlive ?? true) }
    var isAttached: Bool { hooks != nil }
    var currentState: (any Sendable)? { hooks?.state }

    func holdInput() { hooks?.holdInput() }

    func hasFailures(from sequence: UInt64) -> Bool {
        recorder.withLog { log, _ in !log.failures(from: sequence).isEmpty }
    }

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

    func rerun(
        _ recording: TimeTravelRecording, deadline: ContinuousClock.Instant
    ) async throws(TimeTravelReplayError) -> TimeTravelRerun {
        guard let (feature, environment) = hooks?.featureAndEnvironment else { throw .storeNotFound(name) }
        guard F.State.self is any Decodable.Type else {
            throw .notRerunnable(store: name, reason: "its State is not Decodable")
        }
        guard F.Intent.self is any Decodable.Type else {
            throw .notRerunnable(store: name, reason: "its Intent is not Decodable")
        }
        let name = name
        return try await TimeTravelReplay.rerun(
            recording, feature: feature, store: name, environment: environment, deadline: deadline,
            decodeState: { try Self.decode(F.State.self, $0, store: name) },
            decodeIntent: { try Self.decode(F.Intent.self, $0, store: name) })
    }

    /// Decodes `json` as `Value`, whose conformance to `Decodable` is known at run time only.
    private static func decode<Value>(_ type: Value.Type, _ json: JSONValue, store: String) throws -> Value {
        // The decoded value is of the type asked for: the cast only recovers its static type.
        guard let decodable = type as? any Decodable.Type,
            let value = try JSONCodec.decode(decodable, from: json) as? Value
        else {
            throw TimeTravelReplayError.notRerunnable(store: store, reason: "\(type) does not decode as itself")
        }
        return value
    }

    func showAction(erased state: any Sendable) -> (@Sendable () -> Void)? {
        guard let hooks, let state = state as? F.State else { return nil }
        return { hooks.show(state) }
    }

    // MARK: Recording

    /// Joins a new live timeline as track `id`, recording from the store's current state.
    /// Returns `false` if the store cannot be recorded (it ended, or its middleware was
    /// given to another store).
    func beginTrack(id: Int32) -> Bool {
        guard !isConflicted, let state = recorder.restart() else { return false }
        trackID = id
        frozenTrace = nil
        resetPayloads()
        baseline = state
        return true
    }

    func leaveTrack() {
        trackID = nil
        frozenTrace = nil
        resetPayloads()
        baseline = nil
    }

    func beginLiveTrack(id: Int32) -> (any Track)? {
        guard isAlive, beginTrack(id: id) else { return nil }
        return self
    }

    // MARK: Track

    var recordedID: Int? { nil }

    var typeNames: TimeTravelRecording.TypeNames {
        TimeTravelRecording.TypeNames(
            state: String(reflecting: F.State.self),
            intent: String(reflecting: F.Intent.self),
            message: String(reflecting: F.Message.self),
            sideEffect: String(reflecting: F.SideEffect.self))
    }

    func refresh(track id: Int32, origin: UInt64, into entries: inout [Entry]) {
        guard !isConflicted else {
            resetPayloads()
            return
        }
        let history = recorder.history()
        baseline = history.baseline
        payloads.removeAll(keepingCapacity: true)
        dispatchedMessages.removeAll()
        skipped.removeAll()
        recomputed.removeAll()
        history.forEachEvent { sequence, time, value in
            guard sequence >= origin else { return }
            let payload: Payload<F>
            switch value {
            case .intent(let intent): payload = .intent(intent)
            case .message(let message, let dispatchedByIntent):
                if dispatchedByIntent { dispatchedMessages.insert(payloads.count) }
                payload = .message(message)
            case .state(let state): payload = .state(state)
            case .sideEffect(let sideEffect): payload = .sideEffect(sideEffect)
            case .failure(let error): payload = .failure(Payload.Failure(error))
            case .unknownState: return  // not recorded from a known state: nothing to show
            }
            entries.append(
                Entry(
                    sequence: sequence - origin + 1, time: Double(time) / 1e9, local: payloads.count,
                    track: id, kind: payload.kind))
            payloads.append(payload)
        }
    }

    func freeze() {
        // The causes go with the recorder's log: kept for traces of the stopped timeline.
        frozenTrace = recorder.session.capturesCauses ? recorder.trace() : nil
        recorder.discard()
    }

    func recordedTrace() -> RecordedTrace? {
        if let frozenTrace { return frozenTrace }
        guard recorder.session.capturesCauses, trackID != nil else { return nil }
        return recorder.trace()
    }

    func intentOrigins(origin: UInt64) -> [UInt64: TimeTravelRecording.Event.Origin] {
        guard let trace = recordedTrace() else { return [:] }
        var origins: [UInt64: TimeTravelRecording.Event.Origin] = [:]
        for cause in trace.causes where cause.sequence >= origin {
            switch cause.kind {
            case .intent, .step: origins[cause.sequence - origin + 1] = cause.isFromStore ? .store : .outside
            case .message, .sideEffect, .other: break
            }
        }
        return origins
    }

    func exportedCalls(
        from sequence: UInt64, origin: UInt64
    ) -> (calls: [TimeTravelRecording.Call], unrecorded: [String]) {
        guard let recorded = calls.withLock({ $0 }) else { return ([], []) }
        var calls: [TimeTravelRecording.Call] = []
        var unrecorded: [String] = []
        func notRecorded(_ name: String) {
            if !unrecorded.contains(name) { unrecorded.append(name) }
        }
        for call in recorded.calls(from: sequence + origin - 1) {
            let before = call.before - origin + 1
            switch call.outcome {
            case .returned(let value):
                // Encoded now, redacted like every value that leaves the process; a value
                // that does not encode cannot be answered with.
                guard let encodable = value as? any Encodable, let result = try? JSONCodec.encodeValue(encodable) else {
                    notRecorded(call.name)
                    continue
                }
                calls.append(.init(before: before, name: call.name, outcome: .returned, result: result))
            case .returnedVoid:
                calls.append(.init(before: before, name: call.name, outcome: .returned))
            case .threw(let error):
                let failure = TimeTravelRecording.Call.Failure(
                    type: String(reflecting: type(of: error)), description: String(describing: error),
                    value: JSONCodec.encode(error))
                calls.append(.init(before: before, name: call.name, outcome: .threw, error: failure))
            case .cancelled:
                calls.append(.init(before: before, name: call.name, outcome: .cancelled))
            case .notRecordable:
                notRecorded(call.name)
            }
        }
        return (calls, unrecorded)
    }

    func dropFirst(_ count: Int) {
        for payload in payloads.prefix(count) {
            if case .state(let state) = payload { baseline = state }
        }
        let dropped = Swift.min(count, payloads.count)
        payloads.removeFirst(dropped)
        dispatchedMessages = Set(dispatchedMessages.compactMap { $0 >= dropped ? $0 - dropped : nil })
        skipped.removeAll()
        recomputed.removeAll()
    }

    private func resetPayloads() {
        payloads = []
        dispatchedMessages = []
        skipped = []
        recomputed = [:]
    }

    /// The payload at `local`, with a state recomputed by a skip in place of the recorded one.
    func payload(at local: Int) -> Payload<F> {
        if let state = recomputed[local] { return .state(state) }
        return payloads[local]
    }
}

/// The token a time-travel middleware holds: while it exists, its name stays taken.
final class Registration: Sendable {
    init() {}
}
