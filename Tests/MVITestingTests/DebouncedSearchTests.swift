import Clocks
import MVI
import MVIFixtures
import MVITesting
import Testing

/// Time is a dependency: the test drives a `TestClock` and nothing really sleeps.
@Suite struct DebouncedSearchTests {
    @Test func searchesOnceTypingPauses() async {
        let clock = TestClock()
        let searched = Collected<String>()
        let store = TestStore(
            Search(
                clock: clock,
                search: { query in
                    searched.append(query)
                    return ["\(query)ift"]
                }),
            initialState: .init())

        await store.send(.queryChanged("s")) { $0.query = "s" }
        await clock.advance(by: .milliseconds(200))
        await store.send(.queryChanged("sw")) { $0.query = "sw" }
        await clock.advance(by: .milliseconds(299))
        #expect(searched.values.isEmpty)
        await clock.advance(by: .seconds(1))
        await store.receive(.resultsLoaded(["swift"])) { $0.results = ["swift"] }
        await store.finish()
        #expect(searched.values == ["sw"])
    }

    @Test func nothingIsSearchedBeforeThePause() async {
        let clock = TestClock()
        let store = TestStore(Search(clock: clock, search: { [$0] }), initialState: .init())
        await store.send(.queryChanged("a")) { $0.query = "a" }
        await clock.advance(by: .milliseconds(100))
        let issues = await failures {
            await store.finish(timeout: .milliseconds(100))
        }
        #expect(
            issues.all == [
                "Expected async work to finish within 100 milliseconds, but 1 task still running: \"search\"."
            ])
        await clock.advance(by: .seconds(1))
        await store.receive(.resultsLoaded(["a"])) { $0.results = ["a"] }
        await store.finish()
    }
}

/// Advancing a `TestClock` right after `send` is deterministic: `send` returns once the work
/// it started is suspended (here, on the clock), so the advance always finds its sleep.
@Suite struct TimeDeterminismTests {
    @Test func advancingByExactlyTheDebounceNeverHangs() async {
        for _ in 0..<300 {
            let clock = TestClock()
            let store = TestStore(Search(clock: clock, search: { [$0] }), initialState: .init(), timeout: .seconds(2))
            await store.send(.queryChanged("a")) { $0.query = "a" }
            await clock.advance(by: Search.debounce)
            await store.receive(.resultsLoaded(["a"])) { $0.results = ["a"] }
            await store.finish()
        }
    }

    @Test func workThatHopsBeforeItsSleepIsSuspendedWhenSendReturns() async {
        // Before `send` waited for the work to suspend, the clock moved before the sleep
        // began, and the save never came (the iteration timed out).
        for _ in 0..<300 {
            let clock = TestClock()
            // Preparing takes a few hops and a moment of work before the timer starts.
            let autosave = Autosave(
                clock: clock,
                prepare: { text in
                    for _ in 0..<10 { await Task.yield() }
                    return checksummed(text)
                })
            let store = TestStore(autosave, initialState: .init(), timeout: .seconds(2))
            await store.send(.edited("hi")) { $0.text = "hi" }
            await clock.advance(by: .seconds(1))
            await store.receive(.saved("hi")) { $0.saved = "hi" }
            await store.finish()
        }
    }

    @Test func receiveReturnsOnceTheWorkIsSuspendedAgain() async {
        // The second edit's work starts from the first one's message: after `receive`, it
        // too is asleep on the clock.
        let clock = TestClock()
        let store = TestStore(Search(clock: clock, search: { [$0] }), initialState: .init())
        await store.send(.queryChanged("a")) { $0.query = "a" }
        await clock.advance(by: Search.debounce)
        await store.receive(.resultsLoaded(["a"])) { $0.results = ["a"] }
        await store.send(.queryChanged("ab")) { $0.query = "ab" }
        await clock.advance(by: Search.debounce)
        await store.receive(.resultsLoaded(["ab"])) { $0.results = ["ab"] }
        await store.finish()
    }

    @Test func throttleRunsTheFirstCallAndDropsTheRestOfTheInterval() async {
        for _ in 0..<100 {
            let clock = TestClock()
            let store = TestStore(Refresher(clock: clock), initialState: .init())
            await store.send(.refresh)
            await store.receive(.refreshed) { $0.refreshes = 1 }
            await clock.advance(by: .seconds(1))
            await store.send(.refresh)  // within the interval: dropped
            await clock.advance(by: .seconds(1))  // the interval ends
            await store.send(.refresh)
            await store.receive(.refreshed) { $0.refreshes = 2 }
            await store.send(.stop)  // ends the interval early
            await store.finish()
        }
    }

    @Test func aChildThrottlesItsOwnWorkAlone() async {
        let clock = TestClock()
        let store = TestStore(
            RefreshingRows(), initialState: .init(rows: [1: .init(), 2: .init()]),
            environment: Fakes(Refresher.Clock(clock: clock)))
        await store.send(.rows(1, .refresh))
        await store.receive(.rows(1, .refreshed)) { $0.rows[1]?.refreshes = 1 }
        await store.send(.rows(1, .refresh))  // within row 1's interval: dropped
        // Row 2's id is its own: its refresh runs.
        await store.send(.rows(2, .refresh))
        await store.receive(.rows(2, .refreshed)) { $0.rows[2]?.refreshes = 1 }
        await clock.advance(by: .seconds(2))
        await store.send(.rows(1, .refresh))
        await store.receive(.rows(1, .refreshed)) { $0.rows[1]?.refreshes = 2 }
        await store.send(.rows(1, .stop))
        await store.finish()
    }

    @Test func aFeatureOnAStoreOfItsOwnThrottlesThroughItsContext() async {
        let clock = TestClock()
        let store = TestStore(Refresher(clock: clock), initialState: .init())
        await store.send(.refresh)
        await store.receive(.refreshed) { $0.refreshes = 1 }
        await store.send(.refresh)  // dropped
        await clock.advance(by: .seconds(2))
        await store.finish()
    }

    @Test func aThrottledIntervalIsWorkTheStoreOwns() async {
        let clock = TestClock()
        let store = TestStore(Refresher(clock: clock), initialState: .init())
        await store.send(.refresh)
        await store.receive(.refreshed) { $0.refreshes = 1 }
        let issues = await failures {
            await store.finish(timeout: .milliseconds(50))
        }
        #expect(
            issues.all == [
                "Expected async work to finish within 50 milliseconds, but 1 task still running: \"refresh\"."
            ])
        await clock.advance(by: .seconds(2))
        await store.finish()
    }
}

/// `text`, after a moment of real work (a checksum the result depends on, so it is kept).
private func checksummed(_ text: String) -> String {
    var sum: UInt64 = 0
    for index in 0..<200_000 { sum = sum &* 31 &+ UInt64(index) }
    return sum == 0 ? "" : text
}
