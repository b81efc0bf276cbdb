import MVI
import MVIFixtures
import MVITesting
import Testing

@Suite struct ReceiveTests {
    @Test func receiveWaitsForAsyncWork() async {
        let gate = Gate<Void>()
        let store = TestStore(
            Counter(numbers: { amount in
                await gate.wait()
                return amount
            }),
            initialState: .init())
        await store.send(.loadLater(42)) { $0.isLoading = true }
        gate.open()
        await store.receive(.changed(by: 42)) { $0.count = 42 }
        await store.receive(.loading(false)) { $0.isLoading = false }
        await store.finish()
    }

    /// Messages from many tasks racing to dispatch are received in the order the store
    /// reduced them, each with the states around it.
    @Test func concurrentWorkIsReceivedInReductionOrderUnderStress() async {
        for _ in 0..<10 {
            let store = TestStore(Counter(), initialState: .init())
            await store.send(.fanOut(100))
            for count in 1...100 {
                await store.receive(.changed(by: 1)) { $0.count = count }
            }
            await store.finish()
        }
    }

    @Test func wrongMessageFailsWithADiff() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.loadLater(3)) { $0.isLoading = true }
        let issues = await failures {
            await store.receive(.changed(by: 4)) { $0.count = 4 }
        }
        #expect(
            issues.all == [
                """
                Received a message that does not match: …

                  - Counter.Message.changed(by: 4)
                  + Counter.Message.changed(by: 3)

                (Expected: -, Actual: +)
                """
            ])
        await store.receive(.loading(false)) {
            $0.count = 3; $0.isLoading = false
        }
        await store.finish()
    }

    @Test func wrongStateAfterMessageFails() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.loadLater(3)) { $0.isLoading = true }
        let issues = await failures {
            await store.receive(.changed(by: 3)) { $0.count = 30 }
        }
        #expect(issues.all.count == 1)
        #expect(issues.all[0].hasPrefix("State after receiving Counter.Message.changed(by: 3) does not match"))
        #expect(issues.all[0].contains("-   count: 30,"))
        #expect(issues.all[0].contains("+   count: 3,"))
        await store.receive(.loading(false)) { $0.isLoading = false }
    }

    @Test func receiveTimesOutInsteadOfHanging() async {
        let store = TestStore(Counter(), initialState: .init())
        let issues = await failures {
            await store.receive(.changed(by: 1), timeout: .milliseconds(100))
        }
        #expect(
            issues.all == [
                """
                Expected to receive Counter.Message.changed(by: 1) within 100 milliseconds, but no \
                message arrived. No async work is running.
                """
            ])
    }

    @Test func timeoutNamesRunningWork() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.wait)
        let issues = await failures {
            await store.receive(.changed(by: 1), timeout: .milliseconds(100))
        }
        #expect(issues.all.first?.hasSuffix("1 task of async work still running.") == true)
        await store.send(.stopWaiting)
        await store.finish()
    }

    @Test func receiveWhereMatchesNonEquatableMessages() async {
        typealias Form = ContainerFeature<Int, Never>
        let store = TestStore(Form(), initialState: 0)
        await store.send(
            Form.Intent { context in
                context.reduce { $0 = 1 }
                context.run { context in await context.reduce("saved") { $0 += 10 } }
            }
        ) { $0 = 1 }
        await store.receive(where: { $0.name == "saved" }) { $0 = 11 }
        await store.finish()
    }

    @Test func receiveWhereFailsOnAMismatch() async {
        typealias Form = ContainerFeature<Int, Never>
        let store = TestStore(Form(), initialState: 0)
        await store.send(
            Form.Intent { context in
                context.run { context in await context.reduce("loaded") { $0 += 1 } }
            })
        let issues = await failures {
            await store.receive(where: { $0.name == "saved" }) { $0 = 1 }
        }
        #expect(
            issues.all == [
                """
                Received a message that does not match the predicate:

                  ContainerFeature.Message(
                    name: "loaded",
                    reduce: (Function)
                  )
                """
            ])
    }

    @Test func storeFailuresAreAsserted() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.fail)
        await store.receiveFailure { $0.underlying is Counter.Boom }
        await store.finish()
    }

    @Test func unassertedStoreFailureFails() async {
        let store = TestStore(Counter(), initialState: .init())
        await store.send(.fail)
        let issues = await failures {
            await store.finish()
        }
        #expect(issues.all.count == 1)
        #expect(issues.all[0].hasPrefix("1 store failure not asserted at finish():"))
        #expect(issues.all[0].contains("async work \"fail\" failed: Boom()"))
    }

    @Test func receiveFailureTimesOut() async {
        let store = TestStore(Counter(), initialState: .init())
        let issues = await failures {
            await store.receiveFailure(timeout: .milliseconds(50))
        }
        #expect(
            issues.all == [
                "Expected the store to report a failure within 50 milliseconds, but none was reported."
            ])
    }
}
