import MVI
import MVITesting
import Testing

@Suite struct FinishTests {
    @Test func finishWaitsForInFlightWork() async {
        let gate = Gate()
        let store = TestStore(Counter(numbers: { await gate.wait(); return $0 }), initialState: .init())
        await store.send(.load(1)) { $0.isLoading = true }
        gate.open()
        await store.receive(.changed(by: 1)) { $0.count = 1 }
        await store.receive(.loading(false)) { $0.isLoading = false }
        await store.finish()
        #expect(store.store.runningTaskCount == 0)
    }

    @Test func finishTimesOutInsteadOfHanging() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.wait)
        let issues = await failures {
            await store.finish(timeout: .milliseconds(100))
        }
        #expect(issues.all == ["Expected async work to finish within 100 milliseconds, but 1 task still running."])
        await store.send(.stopWaiting)
        await store.finish()
    }

    @Test func unassertedMessageFailsAtFinish() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.load(1)) { $0.isLoading = true }
        let issues = await failures {
            await store.finish()
        }
        #expect(issues.all == [
            """
            2 received messages not asserted at finish():

              • Counter.Message.changed(by: 1)
              • Counter.Message.loading(false)

            Assert each with receive(_:) (or receive(where:)), in order.
            """,
        ])
    }

    @Test func runningWorkFailsWhenTheStoreIsReleased() async {
        let issues = await failures {
            let store = TestStore(Counter(), initialState: .init())
            await store.send(.wait)
        }
        #expect(issues.all == [
            """
            1 task of async work still running at the end of the test.

            Await store.finish() to let it end, cancel it with an intent, or use exhaustivity .off.
            """,
        ])
    }

    @Test func unassertedWorkFailsWhenTheStoreIsReleased() async {
        let issues = await failures {
            let store = TestStore(Counter(), initialState: .init())
            await store.send(.notify("left"))
        }
        #expect(issues.all.first?.hasPrefix("1 side effect not asserted at the end of the test:") == true)
    }

    @Test func cancelledWorkIsNotRunning() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.wait)
        await store.send(.stopWaiting)
        await store.finish()
    }

    @Test func skipReceivedForgetsWhatArrived() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.loadAndNotify(1))
        await store.store.waitForIdle()
        await store.skipReceived()
        await store.finish()
        #expect(store.state.count == 1)
    }
}
