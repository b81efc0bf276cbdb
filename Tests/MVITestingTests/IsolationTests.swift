import Clocks
import MVI
import MVIFixtures
import MVITesting
import Testing

/// Every test store method works from any isolation, with closures that capture the test's
/// local variables (issue 29: on the main actor they did not compile, "sending value of
/// non-Sendable type '(inout Counter.State) -> Void' risks causing data races").
@MainActor @Suite struct MainActorTests {
    @Test func sendAndReceiveWithClosuresCapturingLocals() async {
        let store = TestStore(Counter(), initialState: .init())
        var expected = 1
        await store.send(.increment) { $0.count = expected }
        expected += 41
        await store.send(.loadLater(41)) { $0.isLoading = true }
        await store.receive(.changed(by: 41)) { $0.count = expected }
        var sawLoading = false
        await store.receive(where: { message in
            sawLoading = message == .loading(false)
            return sawLoading
        }) { $0.isLoading = false }
        #expect(sawLoading)
        await store.send(.notify("hi"))
        var said: String?
        await store.receive(sideEffectWhere: { sideEffect in
            if case .said(let text) = sideEffect { said = text }
            return said != nil
        })
        #expect(said == "hi")
        await store.send(.fail)
        var failures = 0
        await store.receiveFailure { _ in
            failures += 1
            return true
        }
        #expect(failures == 1)
        await store.assert { $0.count = expected }
        await store.withExhaustivity(.off) {
            await store.send(.add(1)) { $0.count = expected + 1 }
        }
        await store.skipReceived()
        await store.skipInFlightWork()
        await store.finish()
    }

    @Test func receiveIntentsAndCasesOnTheMainActor() async {
        let clock = TestClock()
        let store = TestStore(Stopwatch(clock: clock), initialState: .init())
        await store.send(.start)
        await clock.advance(by: .seconds(2))
        var seconds = 0
        for _ in 1...2 {
            seconds += 1
            await store.receive(intent: .tick) { $0.seconds = seconds }
        }
        await store.send(.stop)
        await store.finish()
    }

    @Test func orbitTestDSLWithCapturedLocals() async {
        let container = Container<Int, String>(initialState: 0)
        let test = container.test(0)
        var amount = 2
        var intentsRun = 0
        await test.testIntent { container in
            let step = amount
            container.intent { context in context.reduce { $0 += step } }
            intentsRun += 1
        }
        #expect(intentsRun == 1)
        amount += 1
        await test.assert(0) {
            states({ $0 += amount - 1 })
        }
    }
}

/// The same from a custom actor: the closures run there.
actor Driver {
    var log: [Int] = []

    func run() async {
        let store = TestStore(Counter(), initialState: .init())
        var expected = 0
        for _ in 1...3 {
            expected += 1
            await store.send(.increment) { $0.count = expected }
            log.append(expected)
        }
        await store.finish()
    }
}

@Suite struct CustomActorTests {
    @Test func aTestStoreDrivenFromAnActor() async {
        let driver = Driver()
        await driver.run()
        #expect(await driver.log == [1, 2, 3])
    }

    @Test func nonisolatedTestsCaptureLocalsToo() async {
        let store = TestStore(Counter(), initialState: .init())
        var expected = 5
        await store.send(.add(5)) { $0.count = expected }
        expected = 0
        await store.send(.add(-5)) { $0.count = expected }
    }
}

/// A stopwatch whose timer sends an intent every second, as TCA effects send actions.
struct Stopwatch: Feature {
    struct State: Equatable, Sendable { var seconds = 0 }
    enum Intent: Sendable, Equatable { case start, tick, stop }
    enum Message: Sendable, Equatable { case ticked }

    let clock: any Clock<Duration>

    static func reduce(_ state: inout State, _ message: Message) {
        state.seconds += 1
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .start:
            context.run(id: "timer") { [clock] context in
                while true {
                    try await clock.sleep(for: .seconds(1))
                    context.send(.tick)
                }
            }
        case .tick:
            context.dispatch(.ticked)
        case .stop:
            context.cancel(id: "timer")
        }
    }
}
