import Foundation
import MVI

extension ControllerState {
    // MARK: Skipping

    /// Skips (or un-skips) the intent or message numbered `sequence`: its track leaves out the
    /// message, or the messages the intent dispatched as it ran, and recomputes its later
    /// states. Returns what to show, or `nil` if nothing changed (not stopped, not kept, not
    /// an intent or message, already so, or a track that cannot recompute).
    mutating func setSkipped(_ sequence: UInt64, _ isSkipped: Bool) -> [@Sendable () -> Void]? {
        guard mode == .stopped, let position = position(of: sequence) else { return nil }
        let target = entries[position]
        guard target.kind == .message || target.kind == .intent else { return nil }
        var wanted = skipped
        if isSkipped {
            guard wanted.insert(sequence).inserted else { return nil }
        } else {
            guard wanted.remove(sequence) != nil else { return nil }
        }
        let trackIndex = Int(target.track)
        let track = tracks[trackIndex]
        var locals = Set<Int>()
        for entry in entries where entry.track == target.track && wanted.contains(entry.sequence) {
            if entry.kind == .message {
                locals.insert(entry.local)
            } else {
                locals.formUnion(track.messagesDispatched(byIntentAt: entry.local))
            }
        }
        guard track.skipMessages(at: locals) else { return nil }
        skipped = wanted
        for (display, members) in displays.enumerated() where members.contains(trackIndex) { shown[display] = nil }
        return showChanges()
    }

    /// Every state as recorded again.
    mutating func clearSkips() {
        guard !skipped.isEmpty else { return }
        for track in tracks { _ = track.skipMessages(at: []) }
        skipped.removeAll()
    }
}
