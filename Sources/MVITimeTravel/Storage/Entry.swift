import Foundation

/// One recorded event in the controller's global timeline. The payload itself lives in
/// its store's track (typed, unboxed); `local` finds it there.
struct Entry: Sendable {
    /// Global sequence number, increasing across all stores.
    var sequence: UInt64
    /// Seconds since 1970.
    var time: Double
    /// The payload's number in its track: the track's count of appended payloads at the time.
    var local: Int
    /// Index of the track in the timeline.
    var track: Int32
    var kind: TimeTravelEvent.Kind

    init(sequence: UInt64, time: Double, local: Int, track: Int32, kind: TimeTravelEvent.Kind) {
        self.sequence = sequence
        self.time = time
        self.local = local
        self.track = track
        self.kind = kind
    }
}
