import Foundation
import MVI

extension ControllerState {
    // MARK: Reading

    func event(at position: Int) -> TimeTravelEvent {
        let entry = entries[position]
        let track = tracks[Int(entry.track)]
        return TimeTravelEvent(
            sequence: entry.sequence, storeName: track.name, kind: entry.kind,
            time: Date(timeIntervalSince1970: entry.time), description: track.describe(local: entry.local),
            child: track.childPath(local: entry.local),
            isSkipped: skipped.contains(entry.sequence) || track.isSkippedMessage(local: entry.local),
            isRecomputed: track.isRecomputed(local: entry.local))
    }
}

// MARK: Traces

extension ControllerState {
    /// The causal trace of the event numbered `sequence` in the timeline.
    func trace(of sequence: UInt64) -> TimeTravelTrace? {
        guard let position = position(of: sequence) else { return nil }
        let entry = entries[position]
        let track = tracks[Int(entry.track)]
        guard let recorded = track.recordedTrace() else { return nil }
        var builder = TraceBuilder(recorded, storeName: track.name, origin: origin)
        return builder.trace(ofRaw: sequence + origin - 1, kind: entry.kind)
    }
}
