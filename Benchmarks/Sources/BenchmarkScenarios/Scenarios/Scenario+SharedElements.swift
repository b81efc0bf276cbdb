import MVI

extension Scenario {
    /// `shared-element-edit`: one intent to the top screen of a stack of three detail screens
    /// over a list of ten items; the screen changes its copy of an item, and the store writes
    /// it to the list and to the other screen showing the same item (``SharedElements``).
    /// Against `child-in-10`, what keeping the copies adds to a child's send.
    static var sharedElementEdit: Scenario {
        func verify(_ state: ItemsFeature.State, _ n: Int) -> String? {
            expect("list item 1", state.items[1].count, n)
                ?? expect("the other screen's copy", state.path[child: 0].map(ItemsFeature.count) ?? -1, n)
        }
        return Scenario(
            "shared-element-edit",
            "one intent to a screen whose copy of a list's item is kept the same as the item, 3 screens over 10 items",
            fullSize: 500_000, smokeSize: 10_000,
            systems: [
                (
                    .baselineA,
                    { n in
                        // Hand-written: the screen's copy changed, then written to the list and
                        // to the other screens by id, as an app without shared elements does.
                        var state = ItemsFeature.initialState
                        return Trial(
                            operations: n,
                            run: {
                                for _ in 0..<n { HandWrittenItems.increment(&state, screen: 2) }
                            },
                            verify: { verify(state, n) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let store = Store(ItemsFeature(), initialState: ItemsFeature.initialState)
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.detail(2, .increment)) } },
                            verify: { verify(store.state, n) })
                    }
                ),
            ])
    }
}

/// An item of `shared-element-edit`'s list.
struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var count = 0
}

/// A screen of `shared-element-edit`: its copy of an item, and an intent that changes it.
struct ItemDetail: Feature {
    struct State: Equatable, Sendable { var item: Item }
    enum Intent: Sendable { case increment }
    enum Message: Sendable { case incremented }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .incremented: state.item.count &+= 1
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment: context.dispatch(.incremented)
        }
    }
}

/// The parent of `shared-element-edit`: a list of items and a stack of their screens.
struct ItemsFeature: Feature {
    enum Screen: Equatable, Sendable { case detail(ItemDetail.State) }
    struct State: Equatable, Sendable {
        var items: [Item]
        var path: DestinationStack<Screen>
    }
    enum Intent: Sendable { case detail(Int, ItemDetail.Intent) }
    enum Message: Sendable { case detail(Int, ItemDetail.Message) }
    typealias SideEffect = Never

    static let detail = child(
        ItemDetail(), .each(\.path, Screen.detail), intent: Intent.detail, message: Message.detail)
    static let childScopes: ChildScopes = [detail]
    static let sharedElements = [
        SharedElements(\State.items, copiedIn: .each(in: \.path, case: Screen.detail, at: \.item))
    ]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .detail: break  // the store has reduced the screen
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .detail: break  // the store hands it to the screen
        }
    }

    /// Ten items; screens of items 1, 2 and 1 again.
    static var initialState: State {
        let items = (0..<10).map { Item(id: $0) }
        return State(items: items, path: DestinationStack([1, 2, 1].map { Screen.detail(.init(item: items[$0])) }))
    }

    /// The count of a screen's item.
    static func count(_ screen: Screen) -> Int {
        switch screen {
        case .detail(let detail): detail.item.count
        }
    }
}

/// The hand-written limit for `shared-element-edit`: the copy changed in place, then written
/// to the list's element and to each other screen of the same item.
enum HandWrittenItems {
    @inline(never)
    static func increment(_ state: inout ItemsFeature.State, screen: Int) {
        guard case .detail(var detail) = state.path[child: screen] else { return }
        detail.item.count &+= 1
        let item = detail.item
        if let index = state.items.firstIndex(where: { $0.id == item.id }) { state.items[index] = item }
        state.path.modifyEach { screen in
            if case .detail(var other) = screen, other.item.id == item.id {
                other.item = item
                screen = .detail(other)
            }
        }
    }
}
