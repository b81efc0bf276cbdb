import MVI
import MVIFixtures
import Testing

/// A parent that lists its child scopes once (`childScopes`) has the store hand whatever is
/// for a child to it, for every kind of place: a child always there, an optional one, a
/// collection, two cases of one enum destination that hold the same feature, and a stack of
/// different screens.
@Suite struct RoutedChildrenTests {
    struct Tally: Feature {
        struct State: Equatable, Sendable { var count = 0 }
        enum Intent: Equatable, Sendable { case add(Int), close }
        enum Message: Equatable, Sendable, DismissibleMessage { case added(Int), dismiss }

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
            }
        }
    }

    struct Note: Feature {
        struct State: Equatable, Sendable { var text = "" }
        enum Intent: Equatable, Sendable { case write(String) }
        typealias Message = Intent

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .write(let text): state.text += text
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
    }

    struct Board: Feature {
        enum Destination: Equatable, Sendable { case add(Tally.State), edit(Tally.State) }
        enum Screen: Equatable, Sendable { case tally(Tally.State), note(Note.State) }

        struct State: Equatable, Sendable {
            var total = Tally.State()
            var sheet: Tally.State?
            var rows: [Int: Tally.State] = [:]
            var destination: Destination?
            var path = DestinationStack<Screen>()
            var title = ""
        }

        enum Intent: Equatable, Sendable {
            case total(Tally.Intent), sheet(Tally.Intent), rows(id: Int, Tally.Intent)
            case add(Tally.Intent), edit(Tally.Intent), tally(Int, Tally.Intent), note(Int, Note.Intent)
            case rename(String)
        }

        enum Message: Equatable, Sendable {
            case total(Tally.Message), sheet(Tally.Message), rows(id: Int, Tally.Message)
            case add(Tally.Message), edit(Tally.Message), tally(Int, Tally.Message), note(Int, Note.Message)
            case renamed(String)
        }

        static let total = child(Tally(), .at(\.total), intent: Intent.total, message: Message.total)
        static let sheet = child(Tally(), .optional(\.sheet), intent: Intent.sheet, message: Message.sheet)
        static let rows = child(Tally(), .each(\.rows), intent: Intent.rows, message: Message.rows)
        static let add = child(
            Tally(), .case(\.destination, Destination.add), intent: Intent.add, message: Message.add)
        static let edit = child(
            Tally(), .case(\.destination, Destination.edit), intent: Intent.edit, message: Message.edit)
        static let tally = child(Tally(), .each(\.path, Screen.tally), intent: Intent.tally, message: Message.tally)
        static let note = child(Note(), .each(\.path, Screen.note), intent: Intent.note, message: Message.note)

        static let childScopes: [any ChildScopeRoute<Board>] = [total, sheet, rows, add, edit, tally, note]

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .renamed(let title): state.title = title
            default: break  // the children's: routed by their scopes
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .rename(let title): context.dispatch(.renamed(title))
            default: break  // the children's: routed by their scopes
            }
        }
    }

    private func makeStore(_ state: Board.State, errors: Collected<StoreError> = Collected()) -> Store<Board> {
        Store(Board(), initialState: state, name: "Board", onError: StoreErrorHandler { errors.append($0) })
    }

    @Test func everyKindOfPlaceGetsItsIntentsAndMessages() {
        var initial = Board.State()
        initial.sheet = .init(count: 1)
        initial.rows = [1: .init(count: 10), 2: .init(count: 20)]
        initial.destination = .edit(.init(count: 5))
        initial.path = DestinationStack([.tally(.init(count: 100)), .note(.init(text: "a"))])
        let store = makeStore(initial)

        store.send(.total(.add(1)))
        store.send(.sheet(.add(2)))
        store.send(.rows(id: 2, .add(3)))
        store.send(.edit(.add(4)))
        store.send(.tally(0, .add(5)))
        store.send(.note(1, .write("b")))
        store.send(.rename("board"))

        var expected = initial
        expected.total.count = 1
        expected.sheet?.count = 3
        expected.rows[2]?.count = 23
        expected.destination = .edit(.init(count: 9))
        expected.path = DestinationStack([.tally(.init(count: 105)), .note(.init(text: "ab"))])
        expected.title = "board"
        #expect(store.state == expected)
    }

    @Test func anIntentForAChildNotThereIsDroppedAndReported() {
        let errors = Collected<StoreError>()
        var initial = Board.State()
        initial.destination = .add(.init())
        initial.path = DestinationStack([.note(.init())])
        let store = makeStore(initial, errors: errors)

        store.send(.edit(.add(1)))  // the destination is the other case
        store.send(.sheet(.add(1)))  // no sheet
        store.send(.rows(id: 7, .add(1)))  // no such row
        store.send(.tally(0, .add(1)))  // screen 0 is a note
        store.send(.add(.add(1)))

        #expect(store.state.destination == .add(.init(count: 1)))
        #expect(store.state.path == DestinationStack([.note(.init())]))
        #expect(
            errors.values.map(\.origin) == [
                .absentChild("destination"), .absentChild("sheet"), .absentChild("rows[7]"),
                .absentChild("path[0]"),
            ])
    }

    @Test func aChildDismissesItselfThroughTheRoutedReducer() {
        var initial = Board.State()
        initial.sheet = .init()
        initial.rows = [1: .init(), 2: .init()]
        initial.destination = .add(.init())
        initial.path = DestinationStack([.tally(.init()), .note(.init()), .tally(.init())])
        let store = makeStore(initial)

        store.send(.sheet(.close))
        store.send(.rows(id: 1, .close))
        store.send(.add(.close))
        store.send(.tally(0, .close))  // pops the screens above it too
        store.send(.total(.close))  // always there: nothing to remove

        #expect(store.state.sheet == nil)
        #expect(store.state.rows == [2: .init()])
        #expect(store.state.destination == nil)
        #expect(store.state.path.count == 0)
        #expect(store.state.total == .init())
    }

    @Test func theFeaturesOwnIntentsAndMessagesAreNotCarried() {
        var state = Board.State()
        #expect(!Board.childScopes.contains { $0.reduce(carried: .renamed("x"), in: &state) })
        #expect(Board.childScopes.contains { $0.reduce(carried: .total(.added(2)), in: &state) })
        #expect(state.total.count == 2)
        // Carried, though the child is not there: nothing changes.
        #expect(Board.childScopes.contains { $0.reduce(carried: .edit(.added(2)), in: &state) })
        #expect(state.destination == nil)
        // What a store calls: the child's message reduced by the child, the parent's by the parent.
        Board.reduceKeepingSharedElements(&state, .total(.added(3)))
        Board.reduceKeepingSharedElements(&state, .renamed("y"))
        #expect(state.total.count == 5)
        #expect(state.title == "y")
    }

    /// Every scope runs a feature now (declaring one by its type is gone): a listed scope's
    /// intents reach the child's `execute`, its messages the child's reducer, first; the
    /// parent's `execute` and `reduce` see them after, and do not run them again.
    @Test func aListedScopesIntentsAndMessagesReachTheChildFirst() {
        let store = Store(Counting(), initialState: .init())
        store.send(.tally(.add(1)))
        store.send(.tally(.add(2)))
        store.send(.own)
        #expect(store.state.tally.count == 3)
        #expect(store.state.intentsSeen == 3)
        #expect(store.state.countsSeen == [1, 3])
    }

    /// Counts the intents its own `execute` sees, and the child's count when its `reduce`
    /// sees a child's message.
    struct Counting: Feature {
        struct State: Equatable, Sendable {
            var tally = Tally.State()
            var intentsSeen = 0
            var countsSeen: [Int] = []
        }
        enum Intent: Sendable { case tally(Tally.Intent), own }
        enum Message: Sendable { case tally(Tally.Message), sawIntent }

        static let tally = child(Tally(), .at(\.tally), intent: Intent.tally, message: Message.tally)
        static let childScopes: [any ChildScopeRoute<Counting>] = [tally]

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .tally: state.countsSeen.append(state.tally.count)
            case .sawIntent: state.intentsSeen += 1
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            context.dispatch(.sawIntent)
        }
    }
}
