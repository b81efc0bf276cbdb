import Foundation
import MVI
import MVIJSON
import MVITimeTravel
import Testing

@Suite("Reading a timeline as it grows")
struct FeedTests {
    func makeStore(_ timeTravel: TimeTravel, name: String = "Counter") throws -> Store<Counter> {
        Store(Counter(), initialState: .init(), name: name, middleware: [try timeTravel.register(name)])
    }

    func counts(_ batch: TimeTravelFeedBatch) -> [Int] {
        batch.events.compactMap { event in
            if event.kind == .state, case .live(let state as Counter.State) = event.value { state.count } else { nil }
        }
    }

    @Test func eachReadReturnsOnlyWhatIsNew() throws {
        let timeTravel = TimeTravel()
        let store = try makeStore(timeTravel)
        let feed = timeTravel.makeFeed()
        timeTravel.startRecording()
        store.send(.add(1))
        let first = feed.read()
        #expect(first.isReset)
        #expect(first.events.map(\.kind) == [.intent, .message, .state])
        #expect(first.events.map(\.sequence) == [1, 2, 3])
        #expect(counts(first) == [1])
        #expect(feed.read().events.isEmpty)
        store.send(.add(2))
        store.send(.add(3))
        let second = feed.read()
        #expect(!second.isReset)
        #expect(counts(second) == [3, 6])
        #expect(second.events.map(\.sequence) == Array(4...9))
        #expect(second.events.first?.description == "add(2)")
        #expect(second.events.first?.dispatchedWhileRunning == true)
        #expect(second.events.dropFirst().first?.dispatchedWhileRunning == nil)
        #expect(
            second.events.last?.json
                == .object(["count": .number(6), "log": .array([.number(1), .number(2), .number(3)])]))
    }

    @Test(.timeLimit(.minutes(5))) func anIntentWhoseWorkDispatchesLaterIsMarked() async throws {
        let timeTravel = TimeTravel()
        let store = try makeStore(timeTravel)
        let feed = timeTravel.makeFeed()
        timeTravel.startRecording()
        store.send(.addLater(4))
        await store.waitForIdle()
        let batch = feed.read()
        #expect(batch.events.first?.kind == .intent)
        #expect(batch.events.first?.dispatchedWhileRunning == false)
        #expect(counts(batch) == [4])
    }

    @Test func statesBetweenCheckpointsAreComputedFromTheLastRead() throws {
        let timeTravel = TimeTravel()
        let store = try makeStore(timeTravel)
        let feed = timeTravel.makeFeed()
        timeTravel.startRecording()
        var seen: [Int] = []
        for round in 0..<20 {
            for _ in 0..<(round * 7 + 1) { store.send(.add(1)) }
            seen += counts(feed.read())
        }
        #expect(seen == Array(1...seen.count))
        #expect(seen.count == (0..<20).reduce(0) { $0 + $1 * 7 + 1 })
    }

    @Test func stoppingDeliversTheRestOnceAndANewRecordingStartsOver() throws {
        let timeTravel = TimeTravel()
        let store = try makeStore(timeTravel)
        let other = try makeStore(timeTravel, name: "Other")
        let feed = timeTravel.makeFeed()
        timeTravel.startRecording()
        store.send(.add(1))
        #expect(counts(feed.read()) == [1])
        store.send(.add(2))
        other.send(.add(5))
        timeTravel.stop()
        let rest = feed.read()
        #expect(rest.mode == .stopped)
        #expect(!rest.isReset)
        #expect(rest.events.map(\.storeName) == ["Counter", "Counter", "Counter", "Other", "Other", "Other"])
        #expect(feed.read().events.isEmpty)
        timeTravel.cancel()
        timeTravel.startRecording()
        store.send(.add(4))
        let again = feed.read()
        #expect(again.isReset)
        #expect(counts(again) == [7])
        #expect(again.events.first?.sequence == 1)
    }

    @Test func anImportIsReadWhole() throws {
        let source = TimeTravel()
        let store = try makeStore(source)
        source.startRecording()
        store.send(.add(1))
        store.send(.add(2))
        source.stop()
        let data = try source.export()
        let target = TimeTravel()
        let feed = target.makeFeed()
        #expect(feed.read().events.isEmpty)
        try target.import(data)
        let imported = feed.read()
        #expect(imported.isReset)
        #expect(imported.events.count == 6)
        #expect(imported.events.last?.json == .object(["count": .number(3), "log": .array([.number(1), .number(2)])]))
    }

    @Test func aReaderThatFallsBehindIsToldWhatWasDropped() throws {
        let timeTravel = TimeTravel(maxEvents: 30)
        let store = try makeStore(timeTravel)
        let feed = timeTravel.makeFeed()
        timeTravel.startRecording()
        store.send(.add(1))
        _ = feed.read()
        for _ in 0..<200 { store.send(.add(1)) }
        let batch = feed.read()
        #expect(batch.droppedEvents > 0)
        // What is delivered after the gap is still right: the states are the store's.
        #expect(counts(batch).last == 201)
        let delivered = counts(batch)
        #expect(delivered == Array((202 - delivered.count)...201))
    }

    // A hang guard, not a speed check: 20,000 sends took 76 s under ThreadSanitizer on a
    // 2-core machine with both cores loaded.
    @Test(.timeLimit(.minutes(5))) func aFeedReadWhileStoresSendSeesEveryEventOnce() async throws {
        let timeTravel = TimeTravel(maxEvents: 1_000_000)
        let stores = try (0..<4).map { try makeStore(timeTravel, name: "S\($0)") }
        let feed = timeTravel.makeFeed()
        timeTravel.startRecording()
        let perStore = 5_000
        let reader = Task.detached {
            var sequences: [UInt64] = []
            while sequences.count < perStore * 4 * 3 {
                sequences += feed.read().events.map(\.sequence)
                await Task.yield()
            }
            return sequences
        }
        await withTaskGroup(of: Void.self) { group in
            for store in stores {
                group.addTask { for _ in 0..<perStore { store.send(.add(1)) } }
            }
        }
        let sequences = await reader.value
        #expect(sequences.count == perStore * 4 * 3)
        #expect(Set(sequences).count == sequences.count)
    }
}
