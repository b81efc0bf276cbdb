@testable import MVI
import Testing

/// The saves of a shared value as a state machine, without threads: in order, coalesced,
/// retried with a doubling delay, refusals waiting for a change, failures reported sparingly.
@Suite struct SharedSaverMachineTests {
    struct Failed: Error {}

    func written(_ action: SharedSaverMachine<Int>.Action?) -> (Int, UInt64)? {
        guard case .write(let value, let version) = action else { return nil }
        return (value, version)
    }

    @Test func writesOneAtATimeCoalescedAndNeverOlderAfterNewer() {
        var machine = SharedSaverMachine<Int>()
        #expect(written(machine.request(10, version: 1))! == (10, 1))
        #expect(written(machine.request(20, version: 2)) == nil)  // one write at a time
        #expect(written(machine.request(30, version: 3)) == nil)
        #expect(written(machine.request(25, version: 2)) == nil)  // older than what waits: dropped
        let outcome = machine.finished(version: 1, error: nil, refused: false)
        #expect(written(outcome.action)! == (30, 3))  // only the newest waiting is written
        #expect(written(machine.finished(version: 3, error: nil, refused: false).action) == nil)
        #expect(written(machine.request(5, version: 2)) == nil)  // older than what is written
        #expect(machine.settled == 3)
    }

    @Test func aFailedWriteIsRetriedWithADoublingDelayAndReportedSparingly() {
        var machine = SharedSaverMachine<Int>()
        _ = machine.request(1, version: 1)
        var reports = 0
        var delays: [Duration] = []
        for attempt in 1...12 {
            let outcome = machine.finished(version: 1, error: Failed(), refused: false)
            if outcome.report != nil { reports += 1 }
            guard case .retry(let delay, let generation) = outcome.action else {
                Issue.record("attempt \(attempt) is not retried")
                return
            }
            delays.append(delay)
            #expect(written(machine.timerFired(generation))! == (1, 1))
        }
        #expect(reports == 2)  // the first failure and the tenth
        #expect(delays.prefix(4) == [.milliseconds(50), .milliseconds(100), .milliseconds(200), .milliseconds(400)])
        #expect(delays.last == .seconds(4))
        let recovered = machine.finished(version: 1, error: nil, refused: false)
        #expect(recovered.recoveredAfter == 12)
        #expect(machine.phase == .idle)
    }

    @Test func aNewerValueReplacesTheOneWaitingForItsRetry() {
        var machine = SharedSaverMachine<Int>()
        _ = machine.request(1, version: 1)
        guard case .retry(_, let generation) = machine.finished(version: 1, error: Failed(), refused: false).action
        else {
            Issue.record("not retried")
            return
        }
        #expect(written(machine.request(2, version: 2)) == nil)  // waits for the retry
        #expect(written(machine.timerFired(generation))! == (2, 2))
    }

    @Test func aRefusalWaitsForAChangeAndIsReportedOnce() {
        var machine = SharedSaverMachine<Int>()
        _ = machine.request(1, version: 1)
        let first = machine.finished(version: 1, error: Failed(), refused: true)
        #expect(written(first.action) == nil && first.report != nil)
        #expect(machine.phase == .waitingForChange)
        #expect(written(machine.request(2, version: 2))! == (2, 2))  // a later change tries again
        let second = machine.finished(version: 2, error: Failed(), refused: true)
        #expect(written(second.action) == nil && second.report == nil)
        #expect(written(machine.storageChanged())! == (2, 2))  // so does a report from the storage
    }

    @Test func aValueFromOutsideSettlesOlderOnesAndIsWrittenAgainAfterAWriteInFlight() {
        var machine = SharedSaverMachine<Int>()
        _ = machine.request(1, version: 1)
        _ = machine.external(9, version: 2)  // arrived while 1 was being written
        #expect(written(machine.finished(version: 1, error: nil, refused: false).action)! == (9, 2))
        _ = machine.finished(version: 2, error: nil, refused: false)
        _ = machine.external(8, version: 3)  // nothing in flight: the storage holds it
        #expect(machine.settled == 3 && machine.phase == .idle)
    }

    @Test func saveNowSkipsTheRetryDelayAndHearsTheFailure() {
        var machine = SharedSaverMachine<Int>()
        _ = machine.request(1, version: 1)
        _ = machine.finished(version: 1, error: Failed(), refused: false)
        let (done, action) = machine.saveNow(id: 0, version: 1)
        #expect(!done)
        #expect(written(action)! == (1, 1))
        let outcome = machine.finished(version: 1, error: Failed(), refused: false)
        #expect(outcome.resumed.count == 1 && outcome.resumed[0].error != nil)
        #expect(machine.saveNow(id: 1, version: 0).done)
    }
}
