import Dependencies
import Foundation

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

    /// Always `status`, and a transcript of `words`, one more each `interval` of the
    /// `continuousClock` dependency, failing after `failAfter` words when given.
    public static func fake(
        status: SpeechAuthorization = .authorized, words: [String] = cannedWords, interval: Duration = .seconds(1),
        failAfter: Int? = nil
    ) -> SpeechClient {
        SpeechClient(
            authorizationStatus: { status }, requestAuthorization: { status },
            startTask: {
                // The clock of the store whose work starts listening.
                @Dependency(\.continuousClock) var clock
                return AsyncThrowingStream { continuation in
                    let task = Task { [clock] in
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

extension SpeechClient: DependencyKey {
    /// The terminal's fake recognizer, allowed, hearing ``cannedWords``. It has no test value:
    /// a test that reaches it without overriding it fails, naming `speechClient`.
    public static let liveValue = SpeechClient.fake()
}

/// The `openSettings` dependency's key.
private enum OpenSettingsKey: DependencyKey {
    /// A terminal has no settings to open. No test value: a test must override it to use it.
    static let liveValue: @Sendable () async -> Void = {}
}

extension DependencyValues {
    /// Speech recognition.
    public var speechClient: SpeechClient {
        get { self[SpeechClient.self] }
        set { self[SpeechClient.self] = newValue }
    }

    /// Opens the system settings (where speech recognition is allowed again).
    public var openSettings: @Sendable () async -> Void {
        get { self[OpenSettingsKey.self] }
        set { self[OpenSettingsKey.self] = newValue }
    }
}

/// The recognizer stopped hearing anything.
public struct SpeechFailure: Error, Equatable {
    /// The failure.
    public init() {}
}

extension SpeechClient {
    /// `status`, and a recognizer that hears `transcripts` at once, then fails if asked to.
    public static func test(
        _ status: SpeechAuthorization, transcripts: [String] = [], thenFails: Bool = false
    ) -> SpeechClient {
        SpeechClient(
            authorizationStatus: { status }, requestAuthorization: { status },
            startTask: {
                AsyncThrowingStream { continuation in
                    for transcript in transcripts { continuation.yield(transcript) }
                    continuation.finish(throwing: thenFails ? SpeechFailure() : nil)
                }
            })
    }
}
