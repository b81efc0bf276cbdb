import Foundation
import MVI
import MVIFixtures
import Testing

/// A parent whose intents are its messages (`ReducingFeature`) writes each child once, as a
/// case carrying a `ChildInput`: the child's intents run its own `execute`, its messages its
/// own reducer, in every kind of place, and everything routing promises holds as for a
/// parent with intents and messages apart.
// A hang detector, not a timing assert: under ThreadSanitizer, beside the rest of the parallel
// suite and its child processes, the eight-thread test below has taken over a minute on two cores.
@Suite(.timeLimit(.minutes(10))) struct ChildInputTests {
    struct Tally: Feature {
        struct State: Equatable, Sendable { var count = 0 }
        enum Intent: Equatable, Sendable { case add(Int), close, addLater(Int), ask }
        enum Message: Equatable, Sendable, DismissibleMessage { case added(Int), dismiss }
        enum SideEffect: Equatable, Sendable {
            case asked(Int)
            var count: Int {
                switch self {
                case .asked(let count): count
                }
            }
        }

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .added(let amount): state.count += amount
            case .dismiss: break
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .add(let amount): context.dispatch(.added(amount))
            case .close: context.dismiss()
            case .addLater(let amount):
                context.run(id: "later") { work in
                    try await Task.sleep(for: .seconds(60 * 60))
                    await work.dispatch(.added(amount))
                }
            case .ask: context.post(.asked(context.state.count))
            }
        }
    }

    struct Note: ReducingFeature {
        struct State: Equatable, Sendable { var text = "" }
        enum Intent: Equatable, Sendable, Codable { case write(String) }

        static func reduce(_ state: inout State, _ message: Intent) {
            switch message {
            case .write(let text): state.text += text
            }
        }
    }

    struct Desk: ReducingFeature {
        enum Destination: Equatable, Sendable { case add(Tally.State), edit(Tally.State) }
        enum Screen: Equatable, Sendable { case tally(Tally.State), note(Note.State) }

        struct State: Equatable, Sendable {
            var total = Tally.State()
            var sheet: Tally.State?
            var rows: [Int: Tally.State] = [:]
            var destination: Destination?
            var path = DestinationStack<Screen>()
            var title = ""
            var asked: [Int] = []
        }

        enum Intent: Equatable, Sendable {
            case total(ChildInput<Tally>), sheet(ChildInput<Tally>), rows(id: Int, ChildInput<Tally>)
            case add(ChildInput<Tally>), edit(ChildInput<Tally>)
            case tally(Int, ChildInput<Tally>), note(Int, ChildInput<Note>)
            case rename(String), asked(Int), renameLater(String)
        }

        static let total = child(
            Tally(), .at(\.total), input: Intent.total, sideEffects: { .dispatch(.asked(-1 - $0.count)) })
        static let sheet = child(
            Tally(), .optional(\.sheet), input: Intent.sheet, sideEffects: { .dispatch(.asked($0.count)) })
        static let rows = child(
            Tally(), .each(\.rows), input: Intent.rows, sideEffects: { .dispatch(.asked($0 * 100 + $1.count)) })
        static let add = child(
            Tally(), .case(\.destination, Destination.add), input: Intent.add,
            sideEffects: { .dispatch(.asked($0.count)) })
        static let edit = child(
            Tally(), .case(\.destination, Destination.edit), input: Intent.edit,
            sideEffects: { .dispatch(.asked($0.count)) })
        static let tally = child(
            Tally(), .each(\.path, Screen.tally), input: Intent.tally,
            sideEffects: { .dispatch(.asked($0 * 10 + $1.count)) })
        static let note = child(Note(), .each(\.path, Screen.note), input: Intent.note)

        static let childScopes: [any ChildScopeRoute<Desk>] = [total, sheet, rows, add, edit, tally, note]

        static func reduce(_ state: inout State, _ message: Intent) {
            switch message {
            case .rename(let title): state.title = title
            case .asked(let count): state.asked.append(count)
            case .renameLater: break
            default: break  // the children's: routed by their scopes
            }
        }

        func work(for intent: Intent, _ context: StoreContext<Self>) {
            if case .renameLater(let title) = intent { context.send(.rename(title)) }
        }
    }

    struct OnlyNotes: ReducingFeature {
        struct State: Equatable, Sendable {
            var first = Note.State()
            var second: Note.State?
            var notes: [String: Note.State] = [:]
        }
        enum Intent: Equatable, Sendable {
            case first(ChildInput<Note>), second(ChildInput<Note>), notes(String, ChildInput<Note>)
        }
        static let first = child(Note(), .at(\.first), input: Intent.first)
        static let second = child(Note(), .optional(\.second), input: Intent.second)
        static let notes = child(Note(), .each(\.notes), input: Intent.notes)
        static let childScopes: [any ChildScopeRoute<OnlyNotes>] = [first, second, notes]

        /// Every value is a note's, routed by its scope.
        static func reduce(_ state: inout State, _ message: Intent) {}
    }

    private func makeStore(_ state: Desk.State, errors: Collected<StoreError> = Collected()) -> Store<Desk> {
        Store(Desk(), initialState: state, name: "Desk", onError: StoreErrorHandler { errors.append($0) })
    }

    private func filledDesk() -> Desk.State {
        var initial = Desk.State()
        initial.sheet = .init(count: 1)
        initial.rows = [1: .init(count: 10), 2: .init(count: 20)]
        initial.destination = .edit(.init(count: 5))
        initial.path = DestinationStack([.tally(.init(count: 100)), .note(.init(text: "a"))])
        return initial
    }

    @Test func everyKindOfPlaceRunsItsChildsIntentsWithTheChildsOwnExecute() {
        let initial = filledDesk()
        let store = makeStore(initial)

        store.send(.total(.intent(.add(1))))
        store.send(.sheet(.intent(.add(2))))
        store.send(.rows(id: 2, .intent(.add(3))))
        store.send(.edit(.intent(.add(4))))
        store.send(.tally(0, .intent(.add(5))))
        store.send(.note(1, .intent(.write("b"))))
        store.send(.rename("desk"))

        var expected = initial
        expected.total.count = 1
        expected.sheet?.count = 3
        expected.rows[2]?.count = 23
        expected.destination = .edit(.init(count: 9))
        expected.path = DestinationStack([.tally(.init(count: 105)), .note(.init(text: "ab"))])
        expected.title = "desk"
        #expect(store.state == expected)
    }

    @Test func theParentsOwnIntentsAreReducedThenTheirWorkRuns() async {
        let store = makeStore(.init())
        store.send(.renameLater("later"))
        await store.waitForIdle()
        #expect(store.state.title == "later")
    }

    @Test func aChildsMessageIsReducedByTheChildsReducerAndItsSideEffectsReachTheParent() {
        let store = makeStore(filledDesk())
        // A message sent as one: the parent's intents are its messages.
        store.send(.rows(id: 1, .message(.added(5))))
        #expect(store.state.rows[1]?.count == 15)

        store.send(.total(.intent(.ask)))
        store.send(.sheet(.intent(.ask)))
        store.send(.rows(id: 2, .intent(.ask)))
        store.send(.edit(.intent(.ask)))
        store.send(.tally(0, .intent(.ask)))
        #expect(store.state.asked == [-1, 1, 220, 5, 100])
    }

    @Test func singleAndCollectionPlacesOfAChildWithoutSideEffects() {
        let store = Store(OnlyNotes(), initialState: .init(second: .init(), notes: ["a": .init()]))
        store.send(.first(.intent(.write("1"))))
        store.send(.second(.intent(.write("2"))))
        store.send(.notes("a", .intent(.write("3"))))
        #expect(store.state == .init(first: .init(text: "1"), second: .init(text: "2"), notes: ["a": .init(text: "3")]))
    }

    @Test func anIntentForAChildNotThereIsDroppedAndReported() {
        let errors = Collected<StoreError>()
        var initial = Desk.State()
        initial.destination = .add(.init())
        initial.path = DestinationStack([.note(.init())])
        let store = makeStore(initial, errors: errors)

        store.send(.edit(.intent(.add(1))))  // the destination is the other case
        store.send(.sheet(.intent(.add(1))))  // no sheet
        store.send(.rows(id: 7, .intent(.add(1))))  // no such row
        store.send(.tally(0, .intent(.add(1))))  // screen 0 is a note
        store.send(.add(.intent(.add(1))))

        #expect(store.state.destination == .add(.init(count: 1)))
        #expect(store.state.path == DestinationStack([.note(.init())]))
        #expect(
            errors.values.map(\.origin) == [
                .absentChild("destination"), .absentChild("sheet"), .absentChild("rows[7]"),
                .absentChild("path[0]"),
            ])
    }

    @Test func aChildDismissesItselfAndItsWorkEndsWithIt() {
        var initial = filledDesk()
        initial.rows = [1: .init(), 2: .init()]
        initial.path = DestinationStack([.tally(.init()), .note(.init()), .tally(.init())])
        let store = makeStore(initial)
        store.send(.rows(id: 1, .intent(.addLater(1))))
        store.send(.tally(2, .intent(.addLater(1))))
        #expect(store.runningTaskCount == 2)

        store.send(.sheet(.intent(.close)))
        store.send(.rows(id: 1, .intent(.close)))
        store.send(.edit(.intent(.close)))
        store.send(.tally(0, .intent(.close)))  // pops the screens above it too
        store.send(.total(.intent(.close)))  // always there: nothing to remove

        #expect(store.state.sheet == nil)
        #expect(store.state.rows == [2: .init()])
        #expect(store.state.destination == nil)
        #expect(store.state.path.count == 0)
        #expect(store.state.total == .init())
        #expect(store.runningTaskCount == 0)
    }

    @Test func aHandleSendsTheChildsIntentsAndReadsItsState() {
        let store = makeStore(filledDesk())
        let row = store.scope(Desk.rows, id: 2)
        row.send(.add(1))
        #expect(row.state == .init(count: 21))
        #expect(Desk.tally.intent(.add(1), id: 3) == .tally(3, .intent(.add(1))))
        #expect(Desk.tally.message(.added(1), id: 3) == .tally(3, .message(.added(1))))
    }

    @Test func namesFollowTheChildInEitherKindOfValue() {
        let name = { (value: Desk.Intent) in ChildPath.name(of: value, in: Desk.self, inStore: "Desk") }
        #expect(name(.rows(id: 4, .intent(.add(1)))) == "Desk/rows[4]")
        #expect(name(.rows(id: 4, .message(.added(1)))) == "Desk/rows[4]")
        #expect(name(.edit(.intent(.close))) == "Desk/destination")
        #expect(name(.note(2, .message(.write("x")))) == "Desk/path[2]")
        #expect(name(.rename("x")) == "Desk")
    }

    @Test func theFeaturesOwnValuesAndChildIntentsAreNotReduced() {
        var state = filledDesk()
        let reduceCarried = { (state: inout Desk.State, value: Desk.Intent) in
            Desk.childScopes.contains { $0.reduce(carried: value, in: &state) }
        }
        #expect(!reduceCarried(&state, .rename("x")))
        #expect(reduceCarried(&state, .total(.message(.added(2)))))
        #expect(state.total.count == 2)
        // An intent is the child's execute's to run, not its reducer's.
        #expect(!reduceCarried(&state, .total(.intent(.add(2)))))
        #expect(state.total.count == 2)
        // What a store calls: the same.
        Desk.reduceKeepingSharedElements(&state, .total(.message(.added(1))))
        Desk.reduceKeepingSharedElements(&state, .total(.intent(.add(5))))
        #expect(state.total.count == 3)
    }

    struct Rows: ReducingFeature {
        struct State: Equatable, Sendable { var rows: [Int: Tally.State] = [:] }
        enum Intent: Equatable, Sendable { case rows(Int, ChildInput<Tally>), insert(Int), delete(Int), asked }
        static let rows = child(Tally(), .each(\.rows), input: Intent.rows, sideEffects: { _, _ in .dispatch(.asked) })
        static let childScopes: [any ChildScopeRoute<Rows>] = [rows]

        static func reduce(_ state: inout State, _ message: Intent) {
            switch message {
            case .insert(let id): state.rows[id] = .init()
            case .delete(let id): state.rows[id] = nil
            case .asked: break
            default: break  // the rows': routed by their scope
            }
        }
    }

    /// Rows added, given work, deleted and added again from many threads: each deleted row's
    /// work ends with it, and every intent reaches the row it names.
    @Test func rowsChangedFromManyThreadsKeepTheirIntentsApartAndLoseTheirWork() async {
        let store = Store(Rows(), initialState: .init())
        let threadCount = 8
        let rowsPerThread = 200
        let threads = Threads.start(threadCount) { thread in
            for index in 0..<rowsPerThread {
                let id = thread * rowsPerThread + index
                store.send(.insert(id))
                store.send(.rows(id, .intent(.addLater(100))))
                store.send(.rows(id, .intent(.add(1))))
                store.send(.delete(id))
                store.send(.insert(id))
                store.send(.rows(id, .intent(.add(2))))
                store.send(.rows(id, .message(.added(3))))
            }
        }
        await threads.join()
        await store.waitForIdle()
        #expect(store.runningTaskCount == 0)
        #expect(store.state.rows.count == threadCount * rowsPerThread)
        #expect(store.state.rows.values.allSatisfy { $0.count == 5 })
    }

    /// A recording keeps a parent's intents as JSON when they are `Codable`: a `ChildInput`
    /// is, when the child's intents and messages are, and reads back the same.
    @Test func aChildInputOfCodableValuesRoundTripsThroughJSON() throws {
        let values: [ChildInput<Note>] = [.intent(.write("a")), .message(.write("b"))]
        let data = try JSONEncoder().encode(values)
        #expect(try JSONDecoder().decode([ChildInput<Note>].self, from: data) == values)
        #expect(values.map(\.intent) == [.write("a"), nil])
        #expect(values.map(\.message) == [nil, .write("b")])
    }
}
