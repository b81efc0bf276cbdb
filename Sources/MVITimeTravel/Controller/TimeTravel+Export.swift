import Foundation
import MVI

extension TimeTravel {
    /// The kept events and every recorded store's starting state, in the documented format
    /// (see ``TimeTravelRecording``). Values are encoded now, for types that are `Encodable`.
    ///
    /// Stores recorded here are numbered in the order they joined the recording; an imported
    /// recording keeps the ids and the order of stores of its file.
    public func recording() -> TimeTravelRecording {
        storage.withLock { state in
            state.refresh()
            // Each store's calls from its first kept event on: those before it belong to
            // events no longer kept, which its initial state already reflects.
            var firstSequence = [UInt64?](repeating: nil, count: state.tracks.count)
            for entry in state.entries where firstSequence[Int(entry.track)] == nil {
                firstSequence[Int(entry.track)] = entry.sequence
            }
            let stores = state.tracks.enumerated().map { id, track in
                let (calls, unrecorded) = track.exportedCalls(
                    from: firstSequence[id] ?? (state.entries.last.map { $0.sequence + 1 } ?? 1), origin: state.origin)
                return TimeTravelRecording.StoreEntry(
                    id: track.recordedID ?? id, name: track.name, types: track.typeNames,
                    initialState: track.encodeBaseline(),
                    initialStateDescription: track.baselineDescription,
                    calls: calls.isEmpty ? nil : calls, unrecordedCalls: unrecorded.isEmpty ? nil : unrecorded)
            }
            let origins = state.tracks.map { $0.intentOrigins(origin: state.origin) }
            var events: [TimeTravelRecording.Event] = []
            events.reserveCapacity(state.entries.count)
            for position in 0..<state.entries.count {
                let entry = state.entries[position]
                let track = state.tracks[Int(entry.track)]
                events.append(
                    TimeTravelRecording.Event(
                        sequence: entry.sequence, store: track.recordedID ?? Int(entry.track), kind: entry.kind,
                        time: entry.time,
                        description: track.describe(local: entry.local), value: track.encode(local: entry.local),
                        origin: entry.kind == .intent ? origins[Int(entry.track)][entry.sequence] : nil))
            }
            return TimeTravelRecording(
                exportedAt: Date().timeIntervalSince1970, stores: stores, events: events)
        }
    }

    /// The recording as JSON (sorted keys), ready to write to a file.
    public func export() throws -> Data {
        try TimeTravel.encode(recording())
    }

    /// Encodes a recording as JSON with sorted keys.
    public static func encode(_ recording: TimeTravelRecording) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(recording)
    }
}
