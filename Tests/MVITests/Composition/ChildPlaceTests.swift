@testable import MVI
import Testing

/// A child's state is reached through its key path's byte offset when the key path names
/// stored properties only, and through the key path otherwise: both must read and write the
/// same place. The parent here puts its children behind fields of several sizes (so that the
/// offsets are not zero), inside a nested struct, and behind computed properties.
@Suite struct ChildPlaceTests {
    struct Tally: Feature {
        struct State: Equatable, Sendable { var count = 0 }
        enum Intent: Sendable { case add(Int) }
        enum Message: Sendable { case added(Int) }
        typealias SideEffect = Never

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .added(let amount): state.count += amount
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .add(let amount): context.dispatch(.added(amount))
            }
        }
    }

    struct Board: Feature {
        struct Page: Equatable, Sendable {
            var flag: Bool = false
            var rows: [Int: Tally.State] = [:]
        }

        struct State: Equatable, Sendable {
            var marker: Int8 = 7
            var title = "board"
            var page = Page()
            var total = Tally.State()
            var sheet: Tally.State?
            /// Stored under another name: reached only through a computed property.
            var storedRows: [Int: Tally.State] = [:]
            var storedSheet: Tally.State?

            var computedRows: [Int: Tally.State] {
                get { storedRows }
                set { storedRows = newValue }
            }
            var computedSheet: Tally.State? {
                get { storedSheet }
                set { storedSheet = newValue }
            }
        }

        enum Intent: Sendable {
            case nested(Int, Tally.Intent)
            case computed(Int, Tally.Intent)
            case total(Tally.Intent)
            case sheet(Tally.Intent)
            case computedSheet(Tally.Intent)
        }

        enum Message: Sendable {
            case nested(Int, Tally.Message)
            case computed(Int, Tally.Message)
            case total(Tally.Message)
            case sheet(Tally.Message)
            case computedSheet(Tally.Message)
        }

        typealias SideEffect = Never

        static let nested = child(Tally(), .each(\.page.rows), intent: Intent.nested, message: Message.nested)
        static let computed = child(Tally(), .each(\.computedRows), intent: Intent.computed, message: Message.computed)
        static let total = child(Tally(), .at(\.total), intent: Intent.total, message: Message.total)
        static let sheet = child(Tally(), .optional(\.sheet), intent: Intent.sheet, message: Message.sheet)
        static let computedSheet = child(
            Tally(), .optional(\.computedSheet), intent: Intent.computedSheet, message: Message.computedSheet)
        static let childScopes: [any ChildScopeRoute<Self>] = [nested, computed, total, sheet, computedSheet]

        /// Every message is a child's, routed by its scope.
        static func reduce(_ state: inout State, _ message: Message) {}

        /// Every intent is a child's, routed by its scope.
        func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
    }

    static var initialState: Board.State {
        var state = Board.State()
        state.page.rows = [1: .init(count: 10), 2: .init(count: 20)]
        state.storedRows = [1: .init(count: 100)]
        state.sheet = .init(count: 5)
        return state
    }

    @Test func storedAndComputedPlacesAreReadAndWrittenAlike() {
        let store = Store(Board(), initialState: Self.initialState)
        store.send(.nested(2, .add(1)))
        store.send(.nested(3, .add(1)))  // no such row: dropped
        store.send(.computed(1, .add(2)))
        store.send(.computed(9, .add(2)))  // no such row: dropped
        store.send(.total(.add(3)))
        store.send(.sheet(.add(4)))
        store.send(.computedSheet(.add(4)))  // absent: dropped

        var expected = Self.initialState
        expected.page.rows[2]?.count = 21
        expected.storedRows[1]?.count = 102
        expected.total.count = 3
        expected.sheet?.count = 9
        #expect(store.state == expected)

        #expect(Board.nested.state(in: store.state, id: 1) == .init(count: 10))
        #expect(Board.nested.state(in: store.state, id: 3) == nil)
        #expect(Board.computed.state(in: store.state, id: 1) == .init(count: 102))
        #expect(Board.total.state(in: store.state) == .init(count: 3))
        #expect(Board.sheet.state(in: store.state) == .init(count: 9))
        #expect(Board.computedSheet.state(in: store.state) == nil)
    }

    @Test func aChildStoreReadsItsChildThroughEitherPlace() {
        let store = Store(Board(), initialState: Self.initialState)
        let nested = store.scope(Board.nested, id: 2)
        let computed = store.scope(Board.computed, id: 1)
        nested.send(.add(5))
        computed.send(.add(5))
        #expect(nested.state == .init(count: 25))
        #expect(computed.state == .init(count: 105))
        #expect(store.state.marker == 7)
        #expect(store.state.title == "board")
    }

    @Test func onlyStoredKeyPathsTakeTheOffset() {
        #expect(StatePlace(\Board.State.page.rows).offset != nil)
        #expect(StatePlace(\Board.State.total).offset != nil)
        #expect(StatePlace(\Board.State.sheet).offset != nil)
        #expect(StatePlace(\Board.State.computedRows).offset == nil)
        #expect(StatePlace(\Board.State.computedSheet).offset == nil)

        var state = Self.initialState
        let place = StatePlace(\Board.State.page.rows)
        #expect(place.read(state) { $0 } == state.page.rows)
        place.modify(&state) { $0[4] = .init(count: 4) }
        #expect(state.page.rows[4] == .init(count: 4))
        #expect(state.title == "board")
        #expect(state.marker == 7)
    }

    /// A collection with only the subscript: the default `modifyChild` reads, then writes.
    struct Slots: ChildCollection {
        var items: [Int?]
        subscript(child id: Int) -> Int? {
            get { items.indices.contains(id) ? items[id] : nil }
            set { if items.indices.contains(id) { items[id] = newValue } }
        }
    }

    @Test func modifyChildMutatesAPresentChildAndLeavesAMissingOneAlone() {
        var slots = Slots(items: [1, nil, 3])
        #expect(slots.modifyChild(id: 2) { $0 += 10 })
        #expect(!slots.modifyChild(id: 1) { $0 += 10 })
        #expect(!slots.modifyChild(id: 9) { $0 += 10 })
        #expect(slots.items == [1, nil, 13])

        var dictionary = [1: "a"]
        #expect(dictionary.modifyChild(id: 1) { $0 += "b" })
        #expect(!dictionary.modifyChild(id: 2) { $0 += "b" })
        #expect(dictionary == [1: "ab"])
    }

    /// `subscribe(to:)` and `states(of:)` read their part through the same two ways.
    @Test func distinctSubscriptionsReadStoredAndComputedParts() async {
        let store = Store(Board(), initialState: Self.initialState)
        let totals = Locked<[Int]>([])
        let sheets = Locked<[Int?]>([])
        let stored = store.subscribe(to: \.total.count) { value in totals.withLock { $0.append(value) } }
        let computed = store.subscribe(to: \.computedSheet) { value in sheets.withLock { $0.append(value?.count) } }
        var rows = store.states(of: \.computedRows).makeAsyncIterator()
        store.send(.total(.add(2)))
        store.send(.sheet(.add(1)))  // neither part changes
        store.send(.computed(1, .add(1)))
        store.send(.total(.add(3)))
        #expect(totals.withLock { $0 } == [0, 2, 5])
        #expect(sheets.withLock { $0 } == [nil])
        #expect(await rows.next()?[1]?.count == 100)
        #expect(await rows.next()?[1]?.count == 101)
        withExtendedLifetime((stored, computed)) {}
    }
}
