import Foundation

/// One recorded event in the controller's global timeline. The payload itself lives in
/// its store's track (typed, unboxed); `local` finds it there.
@usableFromInline
struct Entry: Sendable {
    /// Global sequence number, increasing across all stores.
    @usableFromInline var sequence: UInt64
    /// Seconds since 1970.
    @usableFromInline var time: Double
    /// The payload's number in its track: the track's count of appended payloads at the time.
    @usableFromInline var local: Int
    /// Index of the track in the timeline.
    @usableFromInline var track: Int32
    @usableFromInline var kind: TimeTravelEvent.Kind

    @inlinable
    init(sequence: UInt64, time: Double, local: Int, track: Int32, kind: TimeTravelEvent.Kind) {
        self.sequence = sequence
        self.time = time
        self.local = local
        self.track = track
        self.kind = kind
    }
}
