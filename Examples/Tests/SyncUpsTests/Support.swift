import Dependencies
import Foundation
import Synchronization
@testable import SyncUps

extension SyncUp {
    /// Six attendees, one past meeting, a minute long.
    static let mock = SyncUp(
        id: UUID(100),
        attendees: ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blob I"].enumerated().map {
            Attendee(id: UUID(200 + $0.offset), name: $0.element)
        },
        duration: .seconds(60),
        meetings: [Meeting(id: UUID(300), date: Date(timeIntervalSince1970: 1_000_000_000), transcript: "Hello")],
        theme: .orange, title: "Design")

    /// Three nameless attendees, six seconds: a speaker every two seconds.
    static let sixSeconds = SyncUp(
        id: UUID(100), attendees: (0..<3).map { Attendee(id: UUID(200 + $0)) }, duration: .seconds(6))
}

/// When a test's meeting ends.
let meetingDate = Date(timeIntervalSince1970: 1_234_567_890)

extension SpeechClient {
    /// `status`, and a recognizer that hears `transcripts` at once, then fails if asked to.
    static func test(
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

/// Counts calls from any thread.
final class Calls: Sendable {
    private let count = Mutex(0)

    func record() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
