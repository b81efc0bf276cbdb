import MVI
import Foundation

/// Everything the controller's lock protects: the mode, the timeline, the registered stores.
/// A plain struct; ``TimeTravel`` does the locking and runs the actions it returns (showing
/// states, resuming input) outside the lock, because they may call observers.
///
/// While recording, the events live in each store's recorder (written on the store's send
/// path, without this lock); `entries` and the tracks' payloads are a copy made when someone
/// reads (``refresh()``). Stopping makes the last copy, which then stays put.
struct ControllerState {
    var mode: TimeTravel.Mode = .idle
    /// Whether the timeline was imported rather than recorded here.
    var isImported = false
    /// The recording shown, while ``isImported``: what ``TimeTravel/rerunImportedRecording(timeout:)`` runs.
    var importedRecording: TimeTravelRecording?
    let maxEvents: Int
    let session: RecordingSession
    let ticker: RecordingTicker
    /// The timeline, oldest first.
    var entries: [Entry] = []
    var tracks: [any Track] = []
    var stores: [any RegisteredStore] = []
    /// Stores whose input is held while stopped.
    var held: [any RegisteredStore] = []
    /// The selected position in `entries`; -1 is the start (every store's initial state).
    var selected = -1
    /// The session's sequence number when the recording started: events number from 1 there.
    var origin: UInt64 = 1
    /// Counts timelines: a new recording or an import starts a new one, which tells a
    /// ``TimeTravelFeed`` to start over.
    var generation: UInt64 = 0
    /// While stopped, the stores that show states: for each, the tracks whose states it
    /// shows, oldest (lowest recorded id) first. A live track shows on its own store; an
    /// imported one on the registered store of its name, which several recorded stores of
    /// that name (one released, then created again) share: see ``wantedDisplays()``.
    var displays: [[Int]] = []
    /// For each track, the position in `entries` of its last event, or -1 if it has none.
    var lastPositions: [Int] = []
    /// For each display, what it shows now (`nil`: not known, show it at the next move), so
    /// that a move shows again only the stores whose shown state changes.
    var shown: [Shown?] = []
    /// The intents and messages skipped while stopped, by sequence number.
    var skipped: Set<UInt64> = []

    /// What a display shows: the state of `track` at its payload `local`, or its start.
    struct Shown: Equatable {
        var track: Int
        var local: Int?
    }

    init(maxEvents: Int, session: RecordingSession) {
        self.maxEvents = maxEvents
        self.session = session
        self.ticker = RecordingTicker(session: session)
    }

    // MARK: The timeline

    /// Copies the recorders' events into the timeline, merged in sequence order and cut to
    /// the newest `maxEvents`. Only while recording: otherwise the timeline is already final.
    mutating func refresh() {
        guard mode == .recording else { return }
        copyTimeline()
    }

    private mutating func copyTimeline() {
        var gathered: [Entry] = []
        for (id, track) in tracks.enumerated() { track.refresh(track: Int32(id), origin: origin, into: &gathered) }
        gathered.sort { $0.sequence < $1.sequence }
        let excess = gathered.count - maxEvents
        if excess > 0 {
            // Each recorder keeps the newest `maxEvents` of the session, so together they may
            // hold more; the oldest go, and each track's last dropped state becomes its start.
            var dropped = [Int](repeating: 0, count: tracks.count)
            for entry in gathered[..<excess] { dropped[Int(entry.track)] += 1 }
            for (track, count) in dropped.enumerated() where count > 0 { tracks[track].dropFirst(count) }
            gathered.removeFirst(excess)
            for index in gathered.indices { gathered[index].local -= dropped[Int(gathered[index].track)] }
        }
        entries = gathered
    }

    /// Makes the final copy of the timeline and lets the recorders drop theirs.
    mutating func freezeTimeline() {
        copyTimeline()
        for track in tracks { track.freeze() }
    }

    /// A store's `.created` event. Returns `false` if the store's registration is already
    /// attached to another live store.
    mutating func attach<F: Feature>(_ store: LiveStore<F>, hooks: StoreHooks<F>) -> Bool {
        if let attached = store.hooks, attached.isAlive {
            store.isConflicted = true
            return false
        }
        store.hooks = hooks
        guard mode != .idle else { return true }
        if mode == .recording, store.beginTrack(id: Int32(tracks.count)) {
            tracks.append(store)
        }
        if mode == .stopped {
            store.holdInput()
            held.append(store)
        }
        return true
    }

    // MARK: Controls

    mutating func startRecording() -> Bool {
        guard mode == .idle else { return false }
        stores.removeAll { !$0.isAlive }
        clearSkips()
        entries.removeAll()
        tracks.removeAll()
        isImported = false
        importedRecording = nil
        selected = -1
        origin = session.nextSequence
        generation &+= 1
        ticker.start()
        session.setRecording(true)
        for store in stores {
            store.leaveTrack()
            if store.isAttached, let track = store.beginLiveTrack(id: Int32(tracks.count)) {
                tracks.append(track)
            }
        }
        mode = .recording
        return true
    }

    /// Stops recording and holds every store's input. Returns whether it stopped, and what to
    /// run outside the lock when it did not (nothing was recorded: back to idle, input resumed).
    ///
    /// Input is held first, and the session keeps recording until ``cancel()``: a store may
    /// have taken an input before it was held (a message from async work, say) and apply it
    /// after this copy of the timeline; it is recorded all the same, and the copy made when
    /// going back to live has it. Turning recording off first let such a message be applied
    /// and not recorded, so the recording disagreed with the store.
    mutating func stop() -> (stopped: Bool, actions: [@Sendable () -> Void]) {
        guard mode == .recording else { return (false, []) }
        holdAll()
        ticker.stop()
        copyTimeline()
        guard !entries.isEmpty else {
            // Nothing to travel through: back to idle, holding nothing (as `cancel()` would).
            mode = .stopped
            return (false, cancel() ?? [])
        }
        mode = .stopped
        selected = entries.count - 1
        // Each store shows its live state, which is its last recorded one.
        setDisplays(tracks.indices.map { [$0] }, alreadyShown: true)
        return (true, [])
    }

    /// Sets which stores show which tracks (see ``displays``), with each track's last
    /// position. `alreadyShown`: the stores show the selection's states already.
    mutating func setDisplays(_ displays: [[Int]], alreadyShown: Bool) {
        self.displays = displays
        lastPositions = [Int](repeating: -1, count: tracks.count)
        for (position, entry) in entries.enumerated() { lastPositions[Int(entry.track)] = position }
        shown = alreadyShown ? wantedDisplays() : [Shown?](repeating: nil, count: displays.count)
    }

    mutating func holdAll() {
        for store in stores where store.isAlive {
            store.holdInput()
            held.append(store)
        }
    }

    /// Moves the selection; returns whether it moved and what to show.
    mutating func select(_ position: Int?) -> [@Sendable () -> Void]? {
        guard mode == .stopped, let position, position != selected else { return nil }
        selected = position
        return showChanges()
    }

    func nextStatePosition() -> Int? {
        var index = selected + 1
        while index < entries.count {
            if entries[index].kind == .state { return index }
            index += 1
        }
        return nil
    }

    func previousStatePosition() -> Int? {
        guard selected >= 0 else { return nil }
        var index = selected - 1
        while index >= 0 {
            if entries[index].kind == .state { return index }
            index -= 1
        }
        return -1
    }

    func position(of sequence: UInt64) -> Int? {
        var low = 0
        var high = entries.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let found = entries[middle].sequence
            if found == sequence { return middle }
            if found < sequence { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// What each display shows at the selection: its track's latest state at or before it
    /// (or the track's start).
    ///
    /// A display with several tracks (recorded stores of one name: one ended, the next was
    /// created under its name) shows the oldest of them whose last event is at or after the
    /// selection (a track without events counts as ending at the start); past the last
    /// event of all of them, the newest. So each recorded store is shown during its own
    /// time, and the end shows the one that was alive last.
    func wantedDisplays() -> [Shown?] {
        var locals = [Int?](repeating: nil, count: tracks.count)
        var resolved = 0
        var index = selected
        while index >= 0 && resolved < tracks.count {
            let entry = entries[index]
            if entry.kind == .state && locals[Int(entry.track)] == nil {
                locals[Int(entry.track)] = entry.local
                resolved += 1
            }
            index -= 1
        }
        return displays.map { members in
            guard let track = members.first(where: { lastPositions[$0] >= selected }) ?? members.last
            else { return nil }
            return Shown(track: track, local: locals[track])
        }
    }

    /// Shows the states the selection wants on the stores whose shown state changes; a
    /// store not involved in the move is not shown again.
    mutating func showChanges() -> [@Sendable () -> Void] {
        var actions: [@Sendable () -> Void] = []
        for (display, wanted) in wantedDisplays().enumerated() where wanted != shown[display] {
            shown[display] = wanted
            if let wanted, let action = tracks[wanted.track].showAction(stateAt: wanted.local) {
                actions.append(action)
            }
        }
        return actions
    }

    mutating func cancel() -> [@Sendable () -> Void]? {
        guard mode != .idle else { return nil }
        // The recording is kept for export as it was recorded.
        clearSkips()
        if mode == .recording || (mode == .stopped && !isImported) {
            // Kept for export. From a stop: with what a store applied after the stop's copy
            // (input it had taken before it was held), recorded since (see `stop()`).
            session.setRecording(false)
            ticker.stop()
            freezeTimeline()
        }
        mode = .idle
        displays.removeAll()
        shown.removeAll()
        let actions = held.map { $0.resumeAction() }
        held.removeAll()
        return actions
    }
}
