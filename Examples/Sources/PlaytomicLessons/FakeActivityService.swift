import Synchronization

/// An activity service for samples and tests: answers with a lesson, fails, or waits until
/// released, so a test can see the loading state without sleeping.
public final class FakeActivityService: ActivityService {
    /// How the fake answers.
    public enum Behaviour: Sendable {
        /// Answers at once with the lesson.
        case loaded(Lesson)
        /// Fails at once.
        case failure(ActivityError)
        /// Waits until ``release(with:)``.
        case pending
    }

    private let state:
        Mutex<
            (
                behaviour: Behaviour, waiters: [CheckedContinuation<Result<Lesson, ActivityError>, Never>],
                calls: [String]
            )
        >

    /// Creates the fake.
    public init(_ behaviour: Behaviour) {
        state = Mutex((behaviour, [], []))
    }

    /// The calls made so far, in order.
    public var calls: [String] { state.withLock { $0.calls } }

    /// Answers every waiting call and every later one.
    public func release(with result: Result<Lesson, ActivityError>) {
        let waiters = state.withLock { state in
            switch result {
            case .success(let lesson): state.behaviour = .loaded(lesson)
            case .failure(let error): state.behaviour = .failure(error)
            }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }

    private func answer(_ call: String) async throws -> Lesson {
        let result: Result<Lesson, ActivityError> = await withCheckedContinuation { continuation in
            state.withLock { state in
                state.calls.append(call)
                switch state.behaviour {
                case .loaded(let lesson): continuation.resume(returning: .success(lesson))
                case .failure(let error): continuation.resume(returning: .failure(error))
                case .pending: state.waiters.append(continuation)
                }
            }
        }
        return try result.get()
    }

    /// Loads a lesson.
    public func fetchLesson(_ id: String) async throws -> Lesson {
        try await answer("fetchLesson(\(id))")
    }

    /// Removes the player from the lesson.
    public func unregister(_ player: String, from lessonID: String) async throws -> Lesson {
        var lesson = try await answer("unregister(\(player), \(lessonID))")
        lesson.participants.removeAll { $0 == player }
        return lesson
    }

    /// Sends the confirmation.
    public func resendConfirmation(_ lessonID: String) async throws {
        _ = try await answer("resendConfirmation(\(lessonID))")
    }
}

extension Lesson {
    /// A lesson for samples and tests.
    public static let sample = Lesson(
        id: "L-42", title: "Padel for beginners", coach: "Ana", startsAt: "Sat 10:00",
        address: "Calle Mayor 1, Madrid", participants: ["me", "Luis", "Marta"])
}
