import MVI
import MVIFixtures
import MVITimeTravel
import Testing

@Suite struct RegistrationTests {
    @Test func duplicateNameIsAnErrorAtRegistration() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel, name: "Counter")
        #expect(throws: TimeTravelError.duplicateStoreName("Counter")) {
            _ = try makeCounter(timeTravel, name: "Counter")
        }
        #expect(timeTravel.storeNames == ["Counter"])
        _ = store
    }

    @Test func nameIsFreeAgainOnceTheStoreEnds() throws {
        let timeTravel = TimeTravel()
        var store: Store<Counter>? = try makeCounter(timeTravel)
        #expect(store?.state.count == 0)
        store = nil
        let again = try makeCounter(timeTravel)
        #expect(timeTravel.storeNames == ["Counter"])

        let cancelled = try makeCounter(timeTravel, name: "Other")
        cancelled.cancel()
        _ = try makeCounter(timeTravel, name: "Other")
        _ = again
    }

    @Test func unusedMiddlewareKeepsTheNameWhileItExists() throws {
        let timeTravel = TimeTravel()
        var middleware: (any Middleware<Counter>)? = try timeTravel.register("Counter")
        #expect(throws: TimeTravelError.self) { _ = try makeCounter(timeTravel) }
        #expect(middleware != nil)
        middleware = nil
        _ = try makeCounter(timeTravel)
    }

    @Test func middlewareGivenToTwoStoresIsReported() throws {
        let (handler, errors) = collectingHandler()
        let timeTravel = TimeTravel(onError: handler)
        let middleware: any Middleware<Counter> = try timeTravel.register("Counter")
        let first = Store(Counter(), initialState: .init(), name: "A", middleware: [middleware])
        let second = Store(Counter(), initialState: .init(), name: "B", middleware: [middleware])
        #expect(errors.values == [String(describing: TimeTravelError.middlewareReused(storeName: "Counter"))])

        timeTravel.startRecording()
        first.send(.add(1))
        second.send(.add(2))
        #expect(timeTravel.eventCount == 0)  // neither is recorded: mixing them would lie
    }
}
