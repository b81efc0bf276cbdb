/// What subscribers write to, so that no work is optimized away and results can be checked.
final class Sink: @unchecked Sendable {
    // @unchecked: written only by the thread that notifies subscribers, one at a time (the
    // store's draining thread, or the baselines' single caller); read after the run ends.
    var calls = 0
    var last = 0

    @inline(never)
    func observe(_ count: Int) {
        calls &+= 1
        last = count
    }
}
