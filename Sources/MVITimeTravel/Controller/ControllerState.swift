import MVI
import Foundation

/// Everything the controller's lock protects: the mode, the global timeline, the registered
/// stores. A plain struct; ``TimeTravel`` does the locking and runs the actions it returns
/// (showing states, resuming input) outside the lock, because they may call observers.
@usableFromInline
struct ControllerState {
    @usableFromInline var mode: TimeTravel.Mode = .idle
    /// Whether the timeline was imported rather than recorded here.
    @usableFromInline var isImported = false
    @usableFromInline let maxEvents: Int
    @usableFromInline var entries = RingBuffer<Entry>()
    var tracks: [any Track] = []
    var stores: [any RegisteredStore] = []
    /// Stores whose input is held while stopped.
    var held: [any RegisteredStore] = []
    /// The selected position in `entries`; -1 is the start (every store's initial state).
    var selected = -1
    @usableFromInline var nextSequence: UInt64 = 1

    init(maxEvents: Int) {
        self.maxEvents = maxEvents
    }

    // MARK: Recording

    @inlinable mutating func record<F: Feature>(
        _ store: LiveStore<F>, _ payload: Payload<F>, kind: TimeTravelEvent.Kind, time: Double
    ) {
        guard mode != .idle, !store.isConflicted else { return }
        guard !isImported, let track = store.trackID else { return }
        if entries.count >= maxEvents { evictOldest() }
        let local = store.append(payload)
        entries.append(Entry(sequence: nextSequence, time: time, local: local, track: track, kind: kind))
        nextSequence += 1
    }

    /// Drops the oldest sixteenth of the events (at least one), in one call per store, so
    /// that the cost of dropping is paid in batches rather than on every event.
    @usableFromInline mutating func evictOldest() {
        let batch = Swift.max(1, maxEvents / 16)
        var dropped = [Int](repeating: 0, count: tracks.count)
        for _ in 0..<Swift.min(batch, entries.count) {
            guard let oldest = entries.removeFirst() else { break }
            dropped[Int(oldest.track)] += 1
            if selected >= 0 { selected -= 1 }
        }
        for (track, count) in dropped.enumerated() where count > 0 { tracks[track].dropFirst(count) }
    }

    /// A store's `.created` event. Returns `false` if the store's registration is already
    /// attached to another live store.
    mutating func attach<F: Feature>(_ store: LiveStore<F>, hooks: StoreHooks<F>, state: F.State) -> Bool {
        if let attached = store.hooks, attached.isAlive {
            store.isConflicted = true
            return false
        }
        store.hooks = hooks
        guard mode != .idle else { return true }
        if !isImported {
            store.beginTrack(id: Int32(tracks.count), state: state)
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
        entries.removeAll()
        tracks.removeAll()
        isImported = false
        selected = -1
        nextSequence = 1
        for store in stores {
            store.leaveTrack()
            if store.isAttached, let track = store.beginLiveTrack(id: Int32(tracks.count)) {
                tracks.append(track)
            }
        }
        mode = .recording
        return true
    }

    mutating func stop() -> Bool {
        guard mode == .recording else { return false }
        mode = .stopped
        selected = entries.count - 1
        holdAll()
        return true
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
        return showActions()
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

    /// For each track, shows its latest state at or before the selection.
    func showActions() -> [@Sendable () -> Void] {
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
        return tracks.indices.compactMap { tracks[$0].showAction(stateAt: locals[$0]) }
    }

    mutating func cancel() -> [@Sendable () -> Void]? {
        guard mode != .idle else { return nil }
        mode = .idle
        let actions = held.map { $0.resumeAction() }
        held.removeAll()
        return actions
    }

    // MARK: Reading

    func event(at position: Int) -> TimeTravelEvent {
        let entry = entries[position]
        let track = tracks[Int(entry.track)]
        return TimeTravelEvent(
            sequence: entry.sequence, storeName: track.name, kind: entry.kind,
            time: Date(timeIntervalSince1970: entry.time), description: track.describe(local: entry.local))
    }
}
