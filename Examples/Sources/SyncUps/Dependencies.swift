import Foundation
import Synchronization

/// Everything the features reach outside themselves, in one place: the app builds it once,
/// a test builds it with fakes. A dependency system would replace this one type.
public struct SyncUpsDependencies: Sendable {
    /// The clock the meeting timer runs on.
    public var clock: any Clock<Duration>
    /// Makes the ids of new sync-ups, attendees and meetings.
    public var uuid: @Sendable () -> UUID
    /// The current date, stamped on a saved meeting.
    public var now: @Sendable () -> Date
    /// Speech recognition.
    public var speech: SpeechClient
    /// Opens the system settings (where speech recognition is allowed again).
    public var openSettings: @Sendable () async -> Void

    /// The dependencies.
    public init(
        clock: any Clock<Duration>, uuid: @escaping @Sendable () -> UUID, now: @escaping @Sendable () -> Date,
        speech: SpeechClient, openSettings: @escaping @Sendable () async -> Void = {}
    ) {
        self.clock = clock
        self.uuid = uuid
        self.now = now
        self.speech = speech
        self.openSettings = openSettings
    }
}

/// Whether the app may listen.
public enum SpeechAuthorization: Sendable, Equatable {
    /// Not asked yet.
    case notDetermined
    /// The person said no.
    case denied
    /// The device cannot.
    case restricted
    /// Allowed.
    case authorized
}

/// Speech recognition as closures: a fake in the terminal, other fakes in tests.
public struct SpeechClient: Sendable {
    /// The authorization as it stands, without asking.
    public var authorizationStatus: @Sendable () -> SpeechAuthorization
    /// Asks the person, and returns the answer.
    public var requestAuthorization: @Sendable () async -> SpeechAuthorization
    /// Starts listening: the transcript so far, each time it grows; throws when recognition fails.
    public var startTask: @Sendable () -> AsyncThrowingStream<String, any Error>

    /// A speech client.
    public init(
        authorizationStatus: @escaping @Sendable () -> SpeechAuthorization,
        requestAuthorization: @escaping @Sendable () async -> SpeechAuthorization,
        startTask: @escaping @Sendable () -> AsyncThrowingStream<String, any Error>
    ) {
        self.authorizationStatus = authorizationStatus
        self.requestAuthorization = requestAuthorization
        self.startTask = startTask
    }

    /// Always `status`, and a transcript of `words`, one more each `interval` of `clock`,
    /// failing after `failAfter` words when given.
    public static func fake(
        status: SpeechAuthorization = .authorized, words: [String] = cannedWords, interval: Duration = .seconds(1),
        clock: any Clock<Duration>, failAfter: Int? = nil
    ) -> SpeechClient {
        SpeechClient(
            authorizationStatus: { status }, requestAuthorization: { status },
            startTask: {
                AsyncThrowingStream { continuation in
                    let task = Task {
                        var heard: [String] = []
                        for word in words {
                            if heard.count == failAfter { return continuation.finish(throwing: SpeechFailure()) }
                            try await clock.sleep(for: interval)
                            heard.append(word)
                            continuation.yield(heard.joined(separator: " "))
                        }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            })
    }

    /// What the terminal's fake recognizer hears.
    public static let cannedWords =
        "Yesterday I finished the release notes. Today I review the navigation code. Nothing blocks me."
        .split(separator: " ").map(String.init)
}

/// The recognizer stopped hearing anything.
public struct SpeechFailure: Error, Equatable {
    /// The failure.
    public init() {}
}

extension UUID {
    /// `00000000-0000-0000-0000-00000000000n`: the ids a test reads at a glance.
    public init(_ number: Int) {
        let hex = String(number, radix: 16)
        let tail = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
        self = UUID(uuidString: "00000000-0000-0000-0000-" + tail) ?? UUID()
    }

    /// A generator of `UUID(0)`, `UUID(1)`, …, safe to call from any thread.
    public static func incrementing() -> @Sendable () -> UUID {
        let next = Mutex(0)
        return {
            next.withLock { number in
                defer { number += 1 }
                return UUID(number)
            }
        }
    }
}
