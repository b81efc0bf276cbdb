import Foundation
import MVI
import MVIJSON

extension TimeTravel {
    /// Reads and validates an exported recording without importing it.
    ///
    /// - Throws: a ``TimeTravelImportError`` naming what is wrong: malformed JSON, a number
    ///   out of range, another format, an unknown or invalid version, a missing or mistyped
    ///   field, a duplicate store id, an event for an unknown store, or events out of order.
    public static func decodeRecording(_ data: Data) throws(TimeTravelImportError) -> TimeTravelRecording {
        let json: JSONValue
        do {
            json = try JSONParser.parse(data)
        } catch {
            switch error.kind {
            case .syntax: throw .malformedJSON(reason: error.description)
            case .numberOutOfRange(let literal):
                throw .numberOutOfRange(path: error.pathDescription, literal: literal)
            }
        }
        guard case .object(let root) = json else { throw .notARecording(format: nil) }
        guard case .string(let format)? = root["format"] else { throw .notARecording(format: nil) }
        guard format == TimeTravelRecording.formatName else { throw .notARecording(format: format) }
        guard case .number(let written)? = root["version"] else {
            throw .invalidStructure(path: "version", reason: "missing or not a number")
        }
        // Judged as written, not as the `Double` it reads as: `1.0000000000000001` is 1.0 as
        // a `Double`, but it is not a version.
        switch NumberLiteral.wholeNumber(written) {
        case .whole(let version) where TimeTravelRecording.readableVersions.contains(version): break
        case .whole(let version): throw .unsupportedVersion(version)
        case .fractional, .tooLarge: throw .invalidVersion(JSONParser.shortened(written))
        }
        let recording = try TimeTravelRecording(reading: json)
        try validate(recording)
        return recording
    }

    /// Checks what the JSON structure cannot: unique store ids, known stores, order.
    static func validate(_ recording: TimeTravelRecording) throws(TimeTravelImportError) {
        guard recording.format == TimeTravelRecording.formatName else {
            throw .notARecording(format: recording.format)
        }
        guard TimeTravelRecording.readableVersions.contains(recording.version) else {
            throw .unsupportedVersion(recording.version)
        }
        var ids = Set<Int>()
        for store in recording.stores where !ids.insert(store.id).inserted {
            throw .duplicateStoreID(store.id)
        }
        var previous: UInt64?
        for (index, event) in recording.events.enumerated() {
            if event.kind == .failure && recording.version < 2 {
                throw .invalidStructure(path: "events[\(index)].kind", reason: "failure needs version 2 or later")
            }
            guard ids.contains(event.store) else {
                throw .unknownStore(id: event.store, eventSequence: event.sequence)
            }
            if let previous, event.sequence <= previous { throw .eventsOutOfOrder(sequence: event.sequence) }
            previous = event.sequence
        }
    }

    /// Imports an exported recording (for example one made on a device) to inspect it.
    ///
    /// The controller must be idle. Afterwards it is stopped at the last event: registered
    /// stores hold their live input, and each one whose name appears in the recording (and
    /// whose state type is `Decodable`) shows the recorded states as you step. ``cancel()``
    /// returns them to live. On error nothing changes.
    ///
    /// Several recorded stores may share a name (a store that ended and was created again
    /// under it). The registered store of that name shows each during its own time: at a
    /// selection, the oldest of them (lowest id) whose last event is at or after the selected
    /// event; past the last event of all of them, the newest. Stepping shows only the stores
    /// whose shown state changes.
    ///
    /// - Throws: everything ``decodeRecording(_:)`` throws;
    ///   ``TimeTravelImportError/stateDoesNotDecode(store:sequence:reason:)`` if a state does
    ///   not decode into the registered store's state type;
    ///   ``TimeTravelImportError/controllerNotIdle(_:)``.
    public func `import`(_ data: Data) throws(TimeTravelImportError) {
        try self.import(Self.decodeRecording(data))
    }

    /// Imports a recording already decoded; see ``import(_:)``.
    package func `import`(_ recording: TimeTravelRecording) throws(TimeTravelImportError) {
        try Self.validate(recording)
        let targets = try storage.withLock {
            state throws(TimeTravelImportError) -> [String: any RegisteredStore] in
            guard state.mode == .idle else { throw .controllerNotIdle(state.mode) }
            var targets: [String: any RegisteredStore] = [:]
            for store in state.stores where store.isAlive && store.isAttached { targets[store.name] = store }
            return targets
        }
        let (tracks, entries, displays) = try Self.makeTracks(recording, targets: targets)
        let actions = try storage.withLock { state throws(TimeTravelImportError) -> [@Sendable () -> Void] in
            guard state.mode == .idle else { throw .controllerNotIdle(state.mode) }
            state.clearSkips()
            state.entries.removeAll()
            for entry in entries { state.entries.append(entry) }
            state.tracks = tracks
            state.isImported = true
            state.importedRecording = recording
            state.generation &+= 1
            state.selected = entries.count - 1
            state.mode = .stopped
            for store in state.stores {
                store.leaveTrack()
            }
            state.holdAll()
            state.setDisplays(displays, alreadyShown: false)
            return state.showChanges()
        }
        for action in actions { action() }
    }

    /// The recording's tracks and entries, and which tracks each registered store shows
    /// (see `ControllerState.displays`): those of its name, by recorded id.
    private static func makeTracks(
        _ recording: TimeTravelRecording, targets: [String: any RegisteredStore]
    ) throws(TimeTravelImportError) -> ([any Track], [Entry], [[Int]]) {
        var index: [Int: Int] = [:]
        for (position, store) in recording.stores.enumerated() { index[store.id] = position }
        var items = [[ImportedTrack.Item]](repeating: [], count: recording.stores.count)
        var entries: [Entry] = []
        entries.reserveCapacity(recording.events.count)
        for event in recording.events {
            guard let track = index[event.store] else {
                throw .unknownStore(id: event.store, eventSequence: event.sequence)
            }
            let name = recording.stores[track].name
            var state: (any Sendable)?
            if event.kind == .state, let target = targets[name], let value = event.value {
                do {
                    state = try target.decodeState(value)
                } catch {
                    throw .stateDoesNotDecode(store: name, sequence: event.sequence, reason: JSONCodec.reason(error))
                }
            }
            entries.append(
                Entry(
                    sequence: event.sequence, time: event.time, local: items[track].count,
                    track: Int32(track), kind: event.kind))
            items[track].append(
                ImportedTrack.Item(
                    description: event.description, value: event.value, state: state, origin: event.origin,
                    sequence: event.sequence))
        }
        var tracks: [any Track] = []
        for (position, store) in recording.stores.enumerated() {
            let target = targets[store.name]
            var baseline: (any Sendable)?
            if let target, let value = store.initialState {
                do {
                    baseline = try target.decodeState(value)
                } catch {
                    throw .stateDoesNotDecode(store: store.name, sequence: nil, reason: JSONCodec.reason(error))
                }
            }
            tracks.append(
                ImportedTrack(
                    name: store.name, recordedID: store.id, typeNames: store.types, items: items[position],
                    baselineDescription: store.initialStateDescription, baselineValue: store.initialState,
                    baselineState: baseline, target: target, calls: store.calls ?? [],
                    unrecordedCalls: store.unrecordedCalls ?? []))
        }
        var displays: [String: [Int]] = [:]
        for position in recording.stores.indices.sorted(by: { recording.stores[$0].id < recording.stores[$1].id })
        where targets[recording.stores[position].name] != nil {
            displays[recording.stores[position].name, default: []].append(position)
        }
        return (tracks, entries, displays.keys.sorted().compactMap { displays[$0] })
    }
}
