import Dependencies
import Foundation
import Synchronization
@testable import SyncUps

/// When a test's meeting ends.
let meetingDate = Date(timeIntervalSince1970: 1_234_567_890)

/// Counts calls from any thread.
final class Calls: Sendable {
    private let count = Mutex(0)

    func record() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
