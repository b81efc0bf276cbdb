import Foundation
import MVI
import MVIJSON

/// Records every registered store's intents, messages, states and side effects, and moves
/// all of them back and forth through that history (MVIKotlin's `TimeTravelController`).
///
/// ```swift
/// let timeTravel = TimeTravel(maxEvents: 10_000)
/// let store = Store(Counter(), initialState: .init(), name: "Counter",
///                   middleware: [try timeTravel.register("Counter")])
/// timeTravel.startRecording()
/// store.send(.increment)
/// timeTravel.stop()           // live input is held from now on
/// timeTravel.stepBackward()   // the store shows its previous state
/// timeTravel.cancel()         // back to live; held input is applied in order
/// ```
///
/// Modes: ``Mode/idle`` records nothing (a registered store pays a check per intent and per
/// message); ``Mode/recording`` records; ``Mode/stopped`` holds live input of every
/// registered store and shows the state at the selected event. Controls called in the wrong
/// mode do nothing and return `false`.
///
/// Each store records into its own recorder, on its own thread, without this controller's
/// lock (see <doc:UsingTimeTravel>); while recording, a thread of the controller keeps the time
/// the stores read. Reading the events while recording (``events``, ``eventCount``,
/// ``recording()``) copies and merges them and computes their states, which costs time in
/// proportion to the events kept.
///
/// The controller is thread-safe. Call its controls from one place (a debug view, a test):
/// two controls racing from two threads show their states in an unspecified order.
public final class TimeTravel: Sendable {
    /// What the controller is doing.
    public enum Mode: String, Sendable, Hashable, Codable {
        /// Nothing is recorded; stores run live.
        case idle
        /// Every event of every registered store is recorded.
        case recording
        /// Live input is held; stores show the state at the selected event.
        case stopped
    }

    let storage: Locked<ControllerState>
    /// The recording switch and sequence numbers every registered store's recorder shares.
    let session: RecordingSession
    let errorHandler: StoreErrorHandler

    /// The most events kept; older ones are dropped first. The `maxEvents` given to
    /// ``init(maxEvents:callSites:onError:)``, clamped to between 1 and 2⁵³.
    public let maxEvents: Int

    /// The largest effective ``maxEvents``: 2⁵³ (9,007,199,254,740,992) events. A larger
    /// value (`.max`, say) is clamped to it: each store's recorder adds a checkpoint interval
    /// to the window, which would overflow `Int`, and an export's sequence numbers are JSON
    /// numbers, exact up to 2⁵³. Memory runs out long before: the limit only makes "keep
    /// everything" safe to ask for.
    package static let maxEventsLimit = RecordingSession.maxWindow

    /// Creates a controller.
    ///
    /// - Parameters:
    ///   - maxEvents: The most events the timeline keeps across all stores: the newest.
    ///     Clamped to between 1 and 2⁵³, so `.max` means "as many as memory allows".
    ///     Dropped events move their store's starting point past them. Each store's recorder
    ///     holds up to this many plus one checkpoint interval (see <doc:UsingTimeTravel>).
    ///   - callSites: Whether stores keep, while recording, what caused each event: the call
    ///     site of each `send`, `dispatch` and `post`, and the intent or async work behind it,
    ///     for ``trace(of:)``. On by default; it costs a recorded send about 47 instructions
    ///     (budgets.tsv: send-1sub-timetravel, send-1sub-timetravel-nosites) and each
    ///     recorded slot 40 bytes (see <doc:UsingTimeTravel>). A
    ///     store that is not recording pays nothing either way.
    ///   - onError: Receives registration problems found late (a middleware given to two
    ///     stores). Defaults to standard error.
    public init(maxEvents: Int = 10_000, callSites: Bool = true, onError: StoreErrorHandler = .standardError) {
        let limit = Swift.min(Swift.max(1, maxEvents), Self.maxEventsLimit)
        self.maxEvents = limit
        let session = RecordingSession(window: limit, capturesCauses: callSites)
        self.session = session
        self.storage = Locked(ControllerState(maxEvents: limit, session: session))
        self.errorHandler = onError
    }

    deinit {
        // A controller released while recording stops its clock thread.
        storage.withLock { $0.ticker.stop() }
    }

    /// The current mode.
    public var mode: Mode { storage.withLock { $0.mode } }

    /// How many events are kept.
    public var eventCount: Int {
        storage.withLock { state in
            state.refresh()
            return state.entries.count
        }
    }

    /// The kept events, oldest first, each described with `String(describing:)`.
    public var events: [TimeTravelEvent] {
        storage.withLock { state in
            state.refresh()
            return state.entries.indices.map { state.event(at: $0) }
        }
    }

    /// The selected event while stopped, or `nil` at the start (or when not stopped).
    public var selectedEvent: TimeTravelEvent? {
        storage.withLock { state in
            guard state.mode == .stopped, state.selected >= 0 else { return nil }
            return state.event(at: state.selected)
        }
    }

    /// The names of the registered stores that are alive.
    public var storeNames: [String] {
        storage.withLock { state in state.stores.filter(\.isAlive).map(\.name) }
    }

    /// The JSON encoding of an event's value, if its type is `Encodable` and it is still kept.
    public func value(of event: TimeTravelEvent) -> JSONValue? {
        storage.withLock { state in
            state.refresh()
            guard let position = state.position(of: event.sequence) else { return nil }
            let entry = state.entries[position]
            return state.tracks[Int(entry.track)].encode(local: entry.local)
        }
    }

    /// What caused `event` and what it caused (see ``TimeTravelTrace``); `nil` if its store
    /// kept no causes (recorded with `callSites` off, imported, or an event that has none:
    /// a replaced state, a failure).
    public func trace(of event: TimeTravelEvent) -> TimeTravelTrace? {
        trace(ofSequence: event.sequence)
    }

    /// ``trace(of:)`` by sequence number (the DevTools server's way).
    package func trace(ofSequence sequence: UInt64) -> TimeTravelTrace? {
        lookUpTrace(ofSequence: sequence).trace
    }

    /// Whether the timeline has the event numbered `sequence`, and its trace: in one look, so
    /// that the debugger tells an unknown event from one without causes without refreshing
    /// the timeline twice.
    package func lookUpTrace(ofSequence sequence: UInt64) -> (isKept: Bool, trace: TimeTravelTrace?) {
        storage.withLock { state in
            state.refresh()
            guard state.position(of: sequence) != nil else { return (false, nil) }
            return (true, state.trace(of: sequence))
        }
    }

    // MARK: Controls

    /// Starts a new recording from idle: drops the previous one and takes every registered
    /// store's current state as its starting point.
    @discardableResult
    public func startRecording() -> Bool {
        storage.withLock { $0.startRecording() }
    }

    /// Stops recording: every registered store holds its live input (intents from views,
    /// results of async work) until ``cancel()``. The selection is the last event.
    ///
    /// If nothing was recorded there is nothing to travel through: the controller goes back
    /// to ``Mode/idle`` instead, holds no input, and returns `false` (as it does when it was
    /// not recording).
    @discardableResult
    public func stop() -> Bool {
        let (stopped, actions) = storage.withLock { $0.stop() }
        for action in actions { action() }
        return stopped
    }

    /// Selects the start: every store shows the state it had before the first kept event.
    @discardableResult
    public func moveToStart() -> Bool {
        move { _ in -1 }
    }

    /// Selects the previous state event (or the start, before the first one).
    @discardableResult
    public func stepBackward() -> Bool {
        move { $0.previousStatePosition() }
    }

    /// Selects the next state event.
    @discardableResult
    public func stepForward() -> Bool {
        move { $0.nextStatePosition() }
    }

    /// Selects the last event: every store shows its latest recorded state.
    @discardableResult
    public func moveToEnd() -> Bool {
        move { $0.entries.count - 1 }
    }

    /// Selects `event`; every store shows its latest state at or before it.
    /// Returns `false` if the event is not kept (or not stopped).
    @discardableResult
    public func jump(to event: TimeTravelEvent) -> Bool {
        jump(toSequence: event.sequence)
    }

    /// ``jump(to:)`` by sequence number (the DevTools server's way).
    @discardableResult
    package func jump(toSequence sequence: UInt64) -> Bool {
        move { $0.position(of: sequence) }
    }

    /// Goes back to live: each store shows its own state again, then the input held while
    /// stopped is applied, in the order it arrived. The recording is kept (for export) until
    /// the next ``startRecording()`` or import.
    @discardableResult
    public func cancel() -> Bool {
        let actions = storage.withLock { $0.cancel() }
        guard let actions else { return false }
        for action in actions { action() }
        return true
    }

    // MARK: Skipping

    /// Skips a recorded message, or an intent with the messages it dispatched as it ran, while
    /// stopped (Redux DevTools' skip): every later state of its store is recomputed through
    /// the feature's reducer without them, the timeline (``events``, ``value(of:)``) shows the
    /// recomputed states (``TimeTravelEvent/isRecomputed``) and the skipped events
    /// (``TimeTravelEvent/isSkipped``), and the store shows the recomputed state at the
    /// selection. Nothing runs again: `execute` is not called, async work is not restarted,
    /// side effects are not posted; messages that async work sent later stay in, reduced on the
    /// recomputed state.
    ///
    /// Skips last until ``unskip(_:)``, ``cancel()`` (back to live: each store shows its own
    /// state; the recording is kept for export as recorded), a new recording or an import.
    ///
    /// - Returns: `false` if not stopped, if the event is not kept or is not an intent or a
    ///   message, if it is already skipped, or if its store's states cannot be recomputed (an
    ///   imported recording's messages are JSON, with no reducer to run).
    @discardableResult
    public func skip(_ event: TimeTravelEvent) -> Bool {
        setSkipped(event.sequence, true)
    }

    /// Takes a skip back: the event's store shows its states as recomputed with the remaining
    /// skips (as recorded, with none). `false` if the event was not skipped.
    @discardableResult
    public func unskip(_ event: TimeTravelEvent) -> Bool {
        setSkipped(event.sequence, false)
    }

    /// ``skip(_:)`` or ``unskip(_:)`` by sequence number (the DevTools server's way).
    @discardableResult
    package func setSkipped(_ sequence: UInt64, _ isSkipped: Bool) -> Bool {
        let actions = storage.withLock { $0.setSkipped(sequence, isSkipped) }
        guard let actions else { return false }
        for action in actions { action() }
        return true
    }

    /// The sequence numbers of the intents and messages skipped (not those of the messages
    /// a skipped intent dispatched). An app reads ``TimeTravelEvent/isSkipped``.
    package var skippedSequences: Set<UInt64> {
        storage.withLock { $0.skipped }
    }

    private func move(_ target: (borrowing ControllerState) -> Int?) -> Bool {
        let actions = storage.withLock { state in
            state.mode == .stopped ? state.select(target(state)) : nil
        }
        guard let actions else { return false }
        for action in actions { action() }
        return true
    }
}
