import Clocks
import MVI
import MVITesting
import Testing

/// Time is a dependency: the test drives a `TestClock` and nothing really sleeps.
@Suite struct DebouncedSearchTests {
    @Test func searchesOnceTypingPauses() async {
        let clock = TestClock()
        let searched = Recorded<String>()
        let store = TestStore(
            Search(clock: clock, search: { query in
                searched.append(query)
                return ["\(query)ift"]
            }),
            initialState: .init())

        await store.send(.queryChanged("s")) { $0.query = "s" }
        await clock.advance(by: .milliseconds(200))
        await store.send(.queryChanged("sw")) { $0.query = "sw" }
        await clock.advance(by: .milliseconds(299))
        #expect(searched.all.isEmpty)
        await clock.advance(by: .seconds(1))
        await store.receive(.resultsLoaded(["swift"])) { $0.results = ["swift"] }
        await store.finish()
        #expect(searched.all == ["sw"])
    }

    @Test func nothingIsSearchedBeforeThePause() async {
        let clock = TestClock()
        let store = TestStore(Search(clock: clock, search: { [$0] }), initialState: .init())
        await store.send(.queryChanged("a")) { $0.query = "a" }
        await clock.advance(by: .milliseconds(100))
        let issues = await failures {
            await store.finish(timeout: .milliseconds(100))
        }
        #expect(issues.all == ["Expected async work to finish within 100 milliseconds, but 1 task still running: \"search\"."])
        await clock.advance(by: .seconds(1))
        await store.receive(.resultsLoaded(["a"])) { $0.results = ["a"] }
        await store.finish()
    }
}

/// Advancing a `TestClock` by exactly the debounce right after `send` is deterministic: `send`
/// returns once the work it started is suspended (here, on the clock).
@Suite struct DebounceDeterminismTests {
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
}
