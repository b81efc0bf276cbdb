/// How a loop that polls for something another thread or task is doing waits between two
/// looks: a yield for the first hundred (a drain or a registration about to finish), then a
/// millisecond's sleep (a long drain, work waiting on a slow clock).
package struct PollBackoff {
    private var polls = 0

    package init() {}

    /// Waits before the next look.
    package mutating func pause() async {
        polls += 1
        if polls < 100 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
