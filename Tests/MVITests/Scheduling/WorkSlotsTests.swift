@testable import MVI
import MVIFixtures
import Testing

/// The table of live work against a `Dictionary` doing the same: sequential tokens as the
/// store hands them out, removals in any order (work ends out of order), and tokens far
/// apart, whose buckets collide and wrap around.
@Suite struct WorkSlotsTests {
    func expectSame(_ slots: WorkSlots, _ reference: [Int: RunningTask], probing tokens: Range<Int>) {
        #expect(slots.count == reference.count)
        #expect(slots.isEmpty == reference.isEmpty)
        let names: [String] = slots.values.map { $0.id?.description ?? "" }.sorted()
        let expectedNames: [String] = reference.values.map { $0.id?.description ?? "" }.sorted()
        #expect(names == expectedNames)
        for token in tokens {
            let expected: TaskID? = reference[token]?.id
            #expect(slots.contains(token) == (expected != nil), "token \(token)")
            #expect(slots[token]?.id == expected, "token \(token)")
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func matchesADictionaryUnderRandomWork(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var slots = WorkSlots()
        var reference: [Int: RunningTask] = [:]
        var lastToken = 0
        for step in 0..<20_000 {
            let live = Array(reference.keys)
            // Start work more often than it ends while few are live, then the other way round,
            // so that the table grows, shrinks to empty and grows again.
            let startChance = reference.count < 40 ? 70 : 30
            if live.isEmpty || Int.random(in: 0..<100, using: &random) < startChance {
                lastToken += 1
                let running = RunningTask(id: TaskID("work \(lastToken)"), task: nil)
                slots.set(running, for: lastToken)
                reference[lastToken] = running
            } else {
                let token = live.randomElement(using: &random)!
                let expected: TaskID? = reference.removeValue(forKey: token)?.id
                if step.isMultiple(of: 2) {
                    let removed: TaskID? = slots.remove(token)?.id
                    #expect(removed == expected)
                } else {
                    let first = slots.removeIfPresent(token)
                    let second = slots.removeIfPresent(token)
                    #expect(first && !second)
                }
            }
            if step % 997 == 0 {
                expectSame(slots, reference, probing: max(1, lastToken - 200)..<(lastToken + 2))
            }
        }
        expectSame(slots, reference, probing: 1..<(lastToken + 2))
        let absent = slots.remove(lastToken + 1)
        let setAbsent = slots.setTask(Task {}, for: lastToken + 1)
        #expect(absent == nil && !setAbsent)
    }

    @Test func collidingTokensAreFoundAfterRemovalsAcrossTheWrap() {
        var slots = WorkSlots()
        // With 8 buckets, 7, 15, 23 and 31 share bucket 7, so their run wraps to 0, 1, 2, and 8
        // and 16 (home 0) are pushed to 3 and 4.
        let tokens = [7, 15, 23, 31, 8, 16]
        for token in tokens { slots.set(RunningTask(id: TaskID(token), task: nil), for: token) }
        #expect(slots.buckets.count == 8)  // 6 of 8: three quarters full, not grown
        var removedSoFar: Set<Int> = []
        for removed in [15, 7, 31] {
            let taken: TaskID? = slots.remove(removed)?.id
            #expect(taken == TaskID(removed))
            removedSoFar.insert(removed)
            for token in tokens {
                let isLive = !removedSoFar.contains(token)
                #expect(slots.contains(token) == isLive, "token \(token) after \(removed)")
            }
        }
        #expect(slots.count == 3)
        slots.set(RunningTask(id: TaskID("again"), task: nil), for: 23)
        #expect(slots[23]?.id == TaskID("again"))
        #expect(slots.count == 3)
        slots.removeAll()
        #expect(slots.isEmpty)
        #expect(!slots.contains(23))
    }

    /// A run's id as the store keeps it: equal when the wrapped ids are, whatever instance
    /// holds them, and told apart by type (`1` is not `"1"`).
    @Test func taskIDsCompareByTheIDTheyWrap() {
        #expect(TaskID.optional(nil) == nil)
        #expect(TaskID.optional("search") == TaskID("search"))
        #expect(TaskID("search").hashValue == TaskID("search").hashValue)
        #expect(TaskID.optional(1) != TaskID("1"))
        #expect(Set([TaskID("a"), TaskID("a"), TaskID(1)]).count == 2)
        #expect(TaskID.optional("search")?.description == "search")
    }
}
