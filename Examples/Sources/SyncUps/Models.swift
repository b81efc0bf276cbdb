import Dependencies
import Foundation

/// A recurring meeting: who attends, how long it lasts, and the meetings held so far.
public struct SyncUp: Equatable, Sendable, Codable, Identifiable {
    /// Its identity, kept through every edit.
    public let id: UUID
    /// Who speaks, in order.
    public var attendees: [Attendee] = []
    /// How long a meeting lasts.
    public var duration: Duration = .seconds(5 * 60)
    /// The meetings held, the latest first.
    public var meetings: [Meeting] = []
    /// Its color.
    public var theme: Theme = .bubblegum
    /// Its name.
    public var title = ""

    /// A sync-up.
    public init(
        id: UUID, attendees: [Attendee] = [], duration: Duration = .seconds(5 * 60), meetings: [Meeting] = [],
        theme: Theme = .bubblegum, title: String = ""
    ) {
        self.id = id
        self.attendees = attendees
        self.duration = duration
        self.meetings = meetings
        self.theme = theme
        self.title = title
    }

    /// Each attendee's share of the meeting (the whole meeting when nobody attends).
    public var durationPerAttendee: Duration { duration / max(attendees.count, 1) }

    /// The sync-up as saved from a form: attendees without a name dropped, but never the
    /// last one, so that a meeting always has a speaker.
    public var withoutBlankAttendees: SyncUp {
        var syncUp = self
        syncUp.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
        if syncUp.attendees.isEmpty, let first = attendees.first { syncUp.attendees = [first] }
        return syncUp
    }
}

/// One person who speaks in a sync-up.
public struct Attendee: Equatable, Sendable, Codable, Identifiable {
    /// Its identity, so that renaming keeps the person.
    public let id: UUID
    /// The name shown.
    public var name = ""

    /// An attendee.
    public init(id: UUID, name: String = "") {
        self.id = id
        self.name = name
    }
}

/// A meeting that was held, with what was said.
public struct Meeting: Equatable, Sendable, Codable, Identifiable {
    /// Its identity.
    public let id: UUID
    /// When it ended.
    public let date: Date
    /// What speech recognition heard.
    public var transcript: String

    /// A meeting.
    public init(id: UUID, date: Date, transcript: String) {
        self.id = id
        self.date = date
        self.transcript = transcript
    }
}

/// A sync-up's color, by name.
public enum Theme: String, CaseIterable, Equatable, Sendable, Codable {
    /// A color's name.
    case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood, periwinkle, poppy, purple
    /// A color's name.
    case seafoam, sky, tan, teal, yellow

    /// `Bubblegum`.
    public var name: String { rawValue.capitalized }

    /// The theme `steps` places further in the list, wrapping around.
    public func cycled(by steps: Int) -> Theme {
        let all = Theme.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[((index + steps) % all.count + all.count) % all.count]
    }
}

extension Array {
    /// Removes the elements at `offsets` (SwiftUI's `onDelete` hands over such a set); offsets
    /// past the end are ignored.
    mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() where indices.contains(offset) { remove(at: offset) }
    }
}

// Sample sync-ups for previews and tests, kept beside the model as TCA's SyncUps keeps its mocks.
extension SyncUp {
    /// Six attendees, one past meeting, a minute long.
    public static let mock = SyncUp(
        id: UUID(100),
        attendees: ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blob I"].enumerated().map {
            Attendee(id: UUID(200 + $0.offset), name: $0.element)
        },
        duration: .seconds(60),
        meetings: [Meeting(id: UUID(300), date: Date(timeIntervalSince1970: 1_000_000_000), transcript: "Hello")],
        theme: .orange, title: "Design")

    /// Three nameless attendees, six seconds: a speaker every two seconds.
    public static let sixSeconds = SyncUp(
        id: UUID(100), attendees: (0..<3).map { Attendee(id: UUID(200 + $0)) }, duration: .seconds(6))
}
