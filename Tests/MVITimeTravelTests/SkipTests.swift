import Foundation
import MVI
import MVIJSON
import MVITimeTravel
import Testing

/// Skip and un-skip while stopped: later states are recomputed through the reducer, the store
/// shows them, the timeline marks them, and going back to live undoes it all.
@Suite struct SkipTests {
    /// Adds amounts to a log; one intent adds twice as it runs, one adds now and later.
    struct Adder: Feature {
        struct State: Equatable, Sendable, Codable {
            var total = 0
            var log: [Int] = []
        }
        enum Intent: Sendable, Equatable, Codable {
            case add(Int)
            case addTwice(Int)
            case addNowAndLater(Int, Int)
        }
        enum Message: Sendable, Equatable, Codable { case added(Int) }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .add(let amount):
                context.dispatch(.added(amount))
            case .addTwice(let amount):
                context.dispatch(.added(amount))
                context.dispatch(.added(amount))
            case .addNowAndLater(let now, let later):
                context.dispatch(.added(now))
                context.run { context in await context.dispatch(.added(later)) }
            }
        }

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .added(let amount):
                state.total += amount
                state.log.append(amount)
            }
        }
    }

    func recorded(_ intents: [Adder.Intent]) async throws -> (TimeTravel, Store<Adder>) {
        let timeTravel = TimeTravel()
        let store = Store(Adder(), initialState: .init(), name: "Adder", middleware: [try timeTravel.register("Adder")])
        timeTravel.startRecording()
        for intent in intents {
            store.send(intent)
            await store.waitForIdle()
        }
        #expect(timeTravel.stop())
        return (timeTravel, store)
    }

    func message(_ timeTravel: TimeTravel, _ text: String) throws -> TimeTravelEvent {
        try #require(timeTravel.events.first { $0.kind == .message && $0.description == text })
    }

    func states(_ timeTravel: TimeTravel) -> [String] {
        timeTravel.events.filter { $0.kind == .state }.map(\.description)
    }

    @Test func skippingAMessageRecomputesEveryLaterState() async throws {
        let (timeTravel, store) = try await recorded([.add(1), .add(2), .add(3)])
        let added2 = try message(timeTravel, "added(2)")
        #expect(timeTravel.skip(added2))
        #expect(store.state == .init(total: 4, log: [1, 3]))  // the selection (the end), recomputed
        #expect(
            states(timeTravel) == [
                "State(total: 1, log: [1])", "State(total: 1, log: [1])", "State(total: 4, log: [1, 3])",
            ])
        let events = timeTravel.events
        #expect(events.filter(\.isSkipped).map(\.description) == ["added(2)"])
        #expect(events.filter(\.isRecomputed).count == 2)
        #expect(timeTravel.skippedSequences == [added2.sequence])
        // The timeline's values are the recomputed ones.
        let last = try #require(events.last)
        #expect(timeTravel.value(of: last) == .object(["total": .number(4), "log": .array([.number(1), .number(3)])]))
        // Stepping shows recomputed states too.
        #expect(timeTravel.stepBackward())
        #expect(store.state == .init(total: 1, log: [1]))

        #expect(timeTravel.unskip(added2))
        #expect(states(timeTravel).last == "State(total: 6, log: [1, 2, 3])")
        #expect(timeTravel.events.allSatisfy { !$0.isSkipped && !$0.isRecomputed })
        #expect(timeTravel.moveToEnd())
        #expect(store.state.total == 6)
    }

    @Test func skippingAnIntentSkipsWhatItDispatchedAsItRanNotItsWorksMessages() async throws {
        let (timeTravel, store) = try await recorded([.add(1), .addTwice(10), .addNowAndLater(100, 1000)])
        let events = timeTravel.events
        let twice = try #require(events.first { $0.description == "addTwice(10)" })
        #expect(timeTravel.skip(twice))
        #expect(timeTravel.events.filter(\.isSkipped).map(\.description) == ["addTwice(10)", "added(10)", "added(10)"])
        #expect(store.state == .init(total: 1101, log: [1, 100, 1000]))

        let nowAndLater = try #require(events.first { $0.description == "addNowAndLater(100, 1000)" })
        #expect(timeTravel.skip(nowAndLater))
        // The work's message stays: it is reduced on the recomputed state.
        #expect(store.state == .init(total: 1001, log: [1, 1000]))
        #expect(timeTravel.skippedSequences == [twice.sequence, nowAndLater.sequence])
    }

    @Test func aReplacedStateStandsAfterASkip() async throws {
        let timeTravel = TimeTravel()
        let store = Store(Adder(), initialState: .init(), name: "Adder", middleware: [try timeTravel.register("Adder")])
        timeTravel.startRecording()
        store.send(.add(1))
        store.replaceState(with: .init(total: 50, log: [50]))
        store.send(.add(2))
        await store.waitForIdle()
        #expect(timeTravel.stop())
        #expect(timeTravel.skip(try message(timeTravel, "added(1)")))
        #expect(store.state == .init(total: 52, log: [50, 2]))
        #expect(
            states(timeTravel) == [
                "State(total: 0, log: [])", "State(total: 50, log: [50])", "State(total: 52, log: [50, 2])",
            ])
    }

    @Test func skipIsRefusedWhereItMeansNothing() async throws {
        let (timeTravel, store) = try await recorded([.add(1), .add(2)])
        let state = try #require(timeTravel.events.first { $0.kind == .state })
        #expect(!timeTravel.skip(state))  // not an intent or a message
        let added1 = try message(timeTravel, "added(1)")
        #expect(timeTravel.skip(added1))
        #expect(!timeTravel.skip(added1))  // already skipped
        #expect(!timeTravel.unskip(try message(timeTravel, "added(2)")))  // not skipped

        // Back to live: the store's own state, the recording as recorded, no skips.
        #expect(timeTravel.cancel())
        await store.waitForIdle()
        #expect(store.state.total == 3)
        #expect(timeTravel.skippedSequences.isEmpty)
        #expect(!timeTravel.skip(added1))  // not stopped
        #expect(timeTravel.recording().events.last?.description == "State(total: 3, log: [1, 2])")

        // An imported recording's messages are JSON: nothing to recompute with.
        let viewer = TimeTravel()
        try viewer.import(try timeTravel.export())
        #expect(!viewer.skip(try message(viewer, "added(1)")))
    }
}
