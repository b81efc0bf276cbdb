/// The back end of lessons. The presenter takes it as a plain property.
public protocol ActivityService: Sendable {
    /// Loads a lesson.
    func fetchLesson(_ id: String) async throws -> Lesson
    /// Cancels a player's enrollment and returns the updated lesson.
    func unregister(_ player: String, from lessonID: String) async throws -> Lesson
    /// Sends the enrollment confirmation again.
    func resendConfirmation(_ lessonID: String) async throws
}

/// Why an activity call failed.
public struct ActivityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A message for the user.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
