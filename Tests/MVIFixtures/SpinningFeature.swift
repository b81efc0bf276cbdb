import MVI
import Synchronization

/// A feature whose async work, given a ``Release``, never suspends and ignores cancellation:
/// it spins until the test lets it go (the work Swift cannot stop). Without one (while
/// recording) the work ends at once. The rerun tests give it to a rerun.
package struct SpinningFeature: Feature {
    /// Set by the test once it has its result, so that no loop outlives the test.
    package final class Release: Sendable {
        private let released = Atomic(false)
        private let spinning = Atomic(0)
        package init() {}
        package func release() { released.store(true, ordering: .releasing) }
        package var isReleased: Bool { released.load(ordering: .acquiring) }
        fileprivate func startedOne() { spinning.add(1, ordering: .relaxed) }
        /// How many pieces of work have started spinning.
        package var started: Int { spinning.load(ordering: .relaxed) }
    }

    /// `nil` while recording: the work ends at once.
    package var release: Release?

    package init(release: Release? = nil) {
        self.release = release
    }

    package struct State: Codable, Equatable, Sendable {
        package var started = 0
        package init() {}
    }
    package enum Intent: Codable, Sendable { case spin(Int) }
    package enum Message: Codable, Sendable { case started }

    package static func reduce(_ state: inout State, _ message: Message) { state.started += 1 }

    package func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        guard case .spin(let number) = intent else { return }
        context.dispatch(.started)
        let release = release
        context.run(id: "spin \(number)") { _ in
            guard let release else { return }
            release.startedOne()
            while !release.isReleased {}
        }
    }
}
