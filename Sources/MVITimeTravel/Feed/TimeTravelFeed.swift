import Foundation
import MVI
import Synchronization

/// Follows a controller's timeline as it grows: each ``read()`` returns only the events
/// recorded since the previous one, for a live view of a recording (the DevTools page).
///
/// ```swift
/// let feed = timeTravel.makeFeed()
/// timeTravel.startRecording()
/// store.send(.increment)
/// let batch = feed.read()      // the intent, its message and the state after it
/// ```
///
/// A read copies each store's new slots out of its recorder, under the lock the store
/// records under, in time proportional to what is new: it never copies the whole recording
/// again, and a store never waits for what the reader does with the copy. States are computed
/// from the last state the feed computed, or from the recorder's checkpoints. A store whose
/// controller has no feed (or whose feed is not read) pays nothing for it.
///
/// Once recording stops (or after an import) the timeline no longer changes: the next read
/// returns the events not read yet, and later reads return none until the timeline starts
/// over (``TimeTravelFeedBatch/isReset``).
///
/// Read from one place at a time; concurrent reads are serialized.
package final class TimeTravelFeed: Sendable {
    let controller: TimeTravel
    let state = Locked(FeedState())
    /// Whether this feed has the controller's stores time their intents, while it exists.
    package let timesIntents: Bool

    init(controller: TimeTravel, timingIntents: Bool) {
        self.controller = controller
        self.timesIntents = timingIntents
        if timingIntents { controller.session.beginTimingIntents() }
    }

    deinit {
        if timesIntents { controller.session.endTimingIntents() }
    }

    /// The events since the previous read.
    package func read() -> TimeTravelFeedBatch {
        state.withLock { feed in
            var batch = feed.read(controller)
            // The recorders keep timings while any feed wants them; this one did not ask.
            if !timesIntents { batch.intentTimings = [] }
            return batch
        }
    }
}

extension TimeTravel {
    /// A reader of this controller's timeline that returns, at each read, only the events
    /// recorded since the previous read. See ``TimeTravelFeed``.
    ///
    /// With `timingIntents`, the recorded stores time each intent's execution (its `execute`
    /// and the reductions it dispatched while it ran) with a monotonic clock, in nanoseconds,
    /// while the feed exists; reads return them in ``TimeTravelFeedBatch/intentTimings``.
    /// Without any such feed, a store pays one relaxed atomic load per intent.
    package func makeFeed(timingIntents: Bool = false) -> TimeTravelFeed {
        TimeTravelFeed(controller: self, timingIntents: timingIntents)
    }
}

/// What a feed knows of the timeline it follows. Touched only under the feed's lock.
struct FeedState: Sendable {
    /// The timeline (``ControllerState/generation``) last read; `nil` before the first read.
    var generation: UInt64?
    /// Whether the final timeline (recording stopped, or imported) was read to its end.
    var isFinal = false
    /// A reader per live track, by track index.
    var tails: [Int32: any FeedTail] = [:]

    /// What the controller's lock hands out to a read.
    enum Snapshot {
        case live(generation: UInt64, origin: UInt64, tails: [(Int32, any FeedTail)])
        case final(generation: UInt64, mode: TimeTravel.Mode, events: [TimeTravelFeedEvent])
        case unchanged(TimeTravel.Mode)
    }

    mutating func read(_ controller: TimeTravel) -> TimeTravelFeedBatch {
        let snapshot = controller.storage.withLock { controllerState -> Snapshot in self.snapshot(of: controllerState) }
        switch snapshot {
        case .unchanged(let mode):
            return TimeTravelFeedBatch(isReset: false, events: [], droppedEvents: 0, mode: mode)
        case .final(let generation, let mode, let events):
            let isReset = self.generation != generation
            self.generation = generation
            isFinal = true
            return TimeTravelFeedBatch(isReset: isReset, events: events, droppedEvents: 0, mode: mode)
        case .live(let generation, let origin, let tails):
            let isReset = self.generation != generation
            if isReset { self.tails = [:] }
            for (track, tail) in tails where self.tails[track] == nil { self.tails[track] = tail }
            var events: [TimeTravelFeedEvent] = []
            var timings: [TimeTravelIntentTiming] = []
            var dropped = 0
            for tail in self.tails.values { dropped += tail.read(origin: origin, into: &events, timings: &timings) }
            let after = controller.storage.withLock { state -> (UInt64, TimeTravel.Mode) in
                (state.generation, state.mode)
            }
            if after.0 != generation {
                // A new timeline began during the read: what was read may mix both.
                self.generation = nil
                self.tails = [:]
                return TimeTravelFeedBatch(isReset: true, events: [], droppedEvents: 0, mode: after.1)
            }
            // Stopping frees the recorders' slots, which would read as dropped: the final read
            // takes what was left from the controller's timeline instead.
            if after.1 != .recording { dropped = 0 }
            self.generation = generation
            isFinal = false
            events.sort { $0.sequence < $1.sequence }
            timings.sort { $0.sequence < $1.sequence }
            return TimeTravelFeedBatch(
                isReset: isReset, events: events, droppedEvents: dropped, mode: after.1, intentTimings: timings)
        }
    }

    /// Under the controller's lock: the new tracks to follow while recording, or the events
    /// of a final timeline not read yet.
    func snapshot(of controller: ControllerState) -> Snapshot {
        let sameTimeline = generation == controller.generation
        if controller.mode == .recording {
            var added: [(Int32, any FeedTail)] = []
            for (index, track) in controller.tracks.enumerated() {
                let id = Int32(index)
                if sameTimeline && tails[id] != nil { continue }
                if let tail = track.makeTail() { added.append((id, tail)) }
            }
            return .live(generation: controller.generation, origin: controller.origin, tails: added)
        }
        if sameTimeline && isFinal { return .unchanged(controller.mode) }
        var events: [TimeTravelFeedEvent] = []
        for entry in controller.entries {
            if sameTimeline, let tail = tails[entry.track], entry.sequence <= tail.lastSequence { continue }
            let track = controller.tracks[Int(entry.track)]
            events.append(
                TimeTravelFeedEvent(
                    sequence: entry.sequence, storeName: track.name, kind: entry.kind,
                    time: Date(timeIntervalSince1970: entry.time), value: track.feedValue(local: entry.local),
                    dispatchedWhileRunning: nil))
        }
        return .final(generation: controller.generation, mode: controller.mode, events: events)
    }
}
