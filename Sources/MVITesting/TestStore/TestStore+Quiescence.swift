import IssueReporting
import MVI

extension TestStore {
    /// Waits until every task of the store is suspended or has ended, and the store has
    /// processed what they sent it. Returns whether that happened within `timeout`.
    ///
    /// The executor running the tasks tells when it has no job; a task suspended because it
    /// waits for the store to apply its message is resumed by the barrier that follows, which
    /// then shows up as a new job, so the wait goes on until both are quiet together.
    func waitForQuiescence(timeout: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let executor = self.executor
            let isIdle = await race(timeout: clock.now.duration(to: deadline), onTimeout: { false }) { decide in
                executor.whenIdle { decide(true) }
            }
            guard isIdle else { return false }
            let generation = executor.generation
            await store.barrier(executor)
            if executor.isIdle(since: generation) { return true }
        }
    }

    /// ``waitForQuiescence(timeout:)``, reporting a timeout after `action`.
    func settle(after action: @autoclosure () -> String, _ location: SourceLocation) async {
        let (fileID, filePath, line, column) = (location.fileID, location.filePath, location.line, location.column)
        let timeout = self.timeout
        if await !waitForQuiescence(timeout: timeout) {
            reportIssue(
                """
                Expected the async work to reach a suspension point within \
                \(FailureText.describe(timeout)) after \(action()), but it kept running.
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
}
