import Foundation
import FuzzSupport
import MVI
import MVITimeTravel

/// Whether the store holds its input (time travel shows a past state): a store that does not
/// applies an intent sent from this thread before `send` returns; a held one keeps it waiting.
/// Sends `.add(0)` and reads the log, so the count does not change.
func isHoldingInput(_ store: Store<Counter>) -> Bool {
    let before = store.state.log.count
    store.send(.add(0))
    return store.state.log.count == before
}

/// A feature whose types are all `Codable`, as an app's would be: states of imported
/// recordings decode into `State`, and replay reduces `Message`s.
struct Counter: Feature {
    struct State: Equatable, Sendable, Codable {
        var count = 0
        var log: [Int] = []
        var title: String?
    }

    enum Intent: Sendable, Codable {
        case add(Int)
        case rename(String)
    }

    enum Message: Sendable, Codable {
        case added(Int)
        case renamed(String)
    }

    typealias SideEffect = Never

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let amount):
            state.count &+= amount
            state.log.append(amount)
        case .renamed(let title):
            state.title = title
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let amount): context.dispatch(.added(amount))
        case .rename(let title): context.dispatch(.renamed(title))
        }
    }
}

/// One input: the bytes of a recording file, as `TimeTravel.import` reads it.
///
/// Decodes it; imports it into a controller with a registered store of the name the seeds
/// use (so that states decode into a live store's type); steps through every state; exports
/// it again and checks the export reads back the same events; cancels; replays its messages.
/// A crash, a trap or a broken invariant is a finding; typed errors are expected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordingImport(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = if let start, count > 0 { Data(bytes: start, count: count) } else { Data() }

    let decoded: TimeTravelRecording?
    do {
        decoded = try TimeTravel.decodeRecording(data)
    } catch {
        if error.description.isEmpty { violated("an import error without a description") }
        decoded = nil
    }

    let timeTravel = TimeTravel(maxEvents: 1_000, onError: StoreErrorHandler { _ in })
    let store: Store<Counter>
    do {
        store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [try timeTravel.register("Counter")])
    } catch {
        violated("registering the only store of a new controller failed: \(error)")
    }

    do {
        try timeTravel.import(data)
    } catch {
        if decoded != nil, case .stateDoesNotDecode = error {
        } else if decoded != nil {
            violated("decodeRecording accepted what import refused: \(error)")
        }
        if timeTravel.mode != .idle { violated("a failed import changed the mode") }
        if isHoldingInput(store) { violated("a failed import left input held") }
        return 0
    }
    guard let decoded else { violated("import accepted what decodeRecording refused") }
    if timeTravel.mode != .stopped { violated("an import did not stop at the last event") }
    if timeTravel.eventCount != decoded.events.count { violated("an import lost events") }

    // Step through every state, both ways, and jump to a few events.
    timeTravel.moveToStart()
    var steps = 0
    while timeTravel.stepForward() {
        steps += 1
        if steps > decoded.events.count { violated("stepping forward did not end") }
    }
    while timeTravel.stepBackward() {
        steps -= 1
        if steps < -1 { violated("stepping backward did not end") }
    }
    for event in timeTravel.events.prefix(16) {
        if !timeTravel.jump(to: event) && timeTravel.selectedEvent != event {
            violated("a kept event cannot be selected")
        }
        _ = timeTravel.value(of: event)
    }
    timeTravel.moveToEnd()

    // What was imported exports again, and reads back the same.
    do {
        let again = try TimeTravel.decodeRecording(try timeTravel.export())
        if again.events != decoded.events { violated("export after import changed the events") }
        if again.stores.map(\.name) != decoded.stores.map(\.name) { violated("export after import changed the stores") }
    } catch {
        violated("an imported recording does not export and read back: \(error)")
    }

    if !timeTravel.cancel() { violated("cancel after import failed") }
    if store.state != Counter.State() { violated("cancel did not bring the live state back") }
    if isHoldingInput(store) { violated("cancel left input held") }

    do {
        _ = try TimeTravelReplay.firstDivergence(in: data, of: Counter.self, store: "Counter")
    } catch {
        if error.description.isEmpty { violated("a replay error without a description") }
    }
    return 0
}

/// Runs libFuzzer on ``fuzzRecordingImport(_:_:)``, or writes the seeds (see `runFuzzer`).
@main
enum FuzzRecordingImportMain {
    static func main() {
        runFuzzer(fuzzRecordingImport, writeSeeds: writeSeeds(to:))
    }
}

/// Writes the seed corpus: real exports of recordings of `Counter`.
func writeSeeds(to directory: URL) {
    func export(_ name: String, maxEvents: Int = 1_000, _ record: (TimeTravel) throws -> Void) {
        do {
            let timeTravel = TimeTravel(maxEvents: maxEvents)
            try record(timeTravel)
            let data = try timeTravel.export()
            try data.write(to: directory.appendingPathComponent("\(name).json"))
        } catch {
            violated("writing seed \(name): \(error)")
        }
    }
    func counter(_ timeTravel: TimeTravel, initial: Counter.State = .init()) throws -> Store<Counter> {
        Store(Counter(), initialState: initial, name: "Counter", middleware: [try timeTravel.register("Counter")])
    }
    export("counter") { timeTravel in
        let store = try counter(timeTravel)
        timeTravel.startRecording()
        for amount in [1, -2, 300] { store.send(.add(amount)) }
        store.send(.rename("Groceries \"weekly\" \u{1F6D2} \\ \n\t\u{7}"))
    }
    export("trimmed", maxEvents: 8) { timeTravel in
        let store = try counter(timeTravel, initial: .init(count: 7, log: [7], title: "kept"))
        timeTravel.startRecording()
        for amount in 1...6 { store.send(.add(amount)) }
    }
    export("recreated") { timeTravel in
        var first: Store<Counter>? = try counter(timeTravel)
        let other = Store(
            Counter(), initialState: .init(), name: "Other",
            middleware: [try timeTravel.register("Other")])
        timeTravel.startRecording()
        first?.send(.add(1))
        other.send(.rename("other"))
        first?.cancel()
        first = nil
        let second = try counter(timeTravel, initial: .init(count: 50))
        second.send(.add(2))
    }
    export("empty") { timeTravel in
        _ = try counter(timeTravel)
        timeTravel.startRecording()
        timeTravel.cancel()
    }
}
