import MVI
import MVICollections
import OrderedCollections
import Testing

/// Routed children in an `OrderedDictionary`, declared with the child's feature.
@Suite struct RoutedOrderedRowsTests {
    struct Row: Feature {
        struct State: Equatable, Sendable { var count = 0 }
        enum Intent: Sendable { case increment }
        enum Message: Sendable { case add(Int) }

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .add(let amount): state.count += amount
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(.add(1)) }
    }

    struct Rows: Feature {
        struct State: Equatable, Sendable { var rows: OrderedDictionary<Int, Row.State> = [:] }
        enum Intent: Sendable { case rows(Int, Row.Intent) }
        enum Message: Sendable { case rows(Int, Row.Message) }

        static let rows = child(Row(), .each(\.rows), intent: Intent.rows, message: Message.rows)
        static let childScopes: [any ChildScopeRoute<Rows>] = [rows]

        /// Every message is a row's, routed by its scope.
        static func reduce(_ state: inout State, _ message: Message) {}

        /// Every intent is a row's, routed by its scope.
        func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
    }

    @Test func aRowGetsItsIntent() {
        let store = Store(Rows(), initialState: .init(rows: [3: .init(), 4: .init()]))
        store.send(.rows(4, .increment))
        #expect(store.state.rows == [3: .init(), 4: .init(count: 1)])
    }
}
