/// A lesson at a club, as the activity service returns it.
public struct Lesson: Sendable, Equatable, Codable {
    /// The lesson's id.
    public var id: String
    /// What is taught.
    public var title: String
    /// Who teaches it.
    public var coach: String
    /// When it starts, as shown to the user.
    public var startsAt: String
    /// Where it takes place.
    public var address: String
    /// The ids of the enrolled players.
    public var participants: [String]

    /// Creates a lesson.
    public init(id: String, title: String, coach: String, startsAt: String, address: String, participants: [String]) {
        self.id = id
        self.title = title
        self.coach = coach
        self.startsAt = startsAt
        self.address = address
        self.participants = participants
    }
}

/// One section of the lesson screen: a title and its rows.
public struct LessonDetailSection: Sendable, Equatable {
    /// The section's title.
    public var title: String
    /// Its rows, in order.
    public var rows: [String]

    /// Creates a section.
    public init(title: String, rows: [String]) {
        self.title = title
        self.rows = rows
    }
}

extension Lesson {
    /// The screen's sections for this lesson, seen by the player `me`
    /// (Playtomic's `lesson.mapToLessonDetail(me:)`).
    public func mapToLessonDetail(me: String) -> [LessonDetailSection] {
        [
            LessonDetailSection(title: title, rows: ["Coach: \(coach)", "Starts: \(startsAt)", "Where: \(address)"]),
            LessonDetailSection(
                title: "Participants (\(participants.count))",
                rows: participants.map { $0 == me ? "\($0) (you)" : $0 }),
        ]
    }
}
