import MVI
import MVICollections
import OrderedCollections

/// A row of `child-in-*`: a child feature with one intent and one message, as `CounterFeature`.
struct RowFeature: Feature {
    struct State: Equatable, Sendable { var count = 0 }
    enum Intent: Sendable { case increment }
    enum Message: Sendable { case add(Int) }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .add(let amount): state.count &+= amount
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment: context.dispatch(.add(1))
        }
    }
}

/// The parent of `child-in-*`: rows by id in an `OrderedDictionary`, each a `RowFeature`.
struct RowListFeature: Feature {
    struct State: Sendable {
        var rows: OrderedDictionary<Int, RowFeature.State>
    }
    enum Intent: Sendable { case rows(Int, RowFeature.Intent) }
    enum Message: Sendable { case rows(Int, RowFeature.Message) }
    typealias SideEffect = Never

    static let rows = child(RowFeature(), .each(\.rows), intent: Intent.rows, message: Message.rows)
    static let childScopes: ChildScopes = [rows]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .rows: break  // the store has reduced the row
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .rows: break  // the store hands it to the row
        }
    }

    /// `count` rows with ids 0..<count, each at 0.
    static func state(rows count: Int) -> State {
        State(rows: OrderedDictionary(uniqueKeysWithValues: (0..<count).map { ($0, RowFeature.State()) }))
    }
}

/// `RowListFeature` with a case of its own beside the rows', which the store's routing passes
/// over to reach the parent (`child-in-10-routed`).
struct RoutedRowListFeature: Feature {
    typealias State = RowListFeature.State
    enum Intent: Sendable { case rows(Int, RowFeature.Intent), clear }
    enum Message: Sendable { case rows(Int, RowFeature.Message), cleared }
    typealias SideEffect = Never

    static let rows = child(RowFeature(), .each(\.rows), intent: Intent.rows, message: Message.rows)
    static let childScopes: ChildScopes = [rows]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .cleared: state.rows.removeAll()
        case .rows: break  // the store has reduced the row
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .clear: context.dispatch(.cleared)
        case .rows: break  // the store hands it to the row
        }
    }
}

/// `RowListFeature` written as a `ReducingFeature` whose rows are `ChildInput` cases: no
/// `execute` (`child-in-10-input`).
struct InputRowListFeature: ReducingFeature {
    typealias State = RowListFeature.State
    enum Intent: Sendable { case rows(Int, ChildInput<RowFeature>), clear }
    typealias SideEffect = Never

    static let rows = child(RowFeature(), .each(\.rows), input: Intent.rows)
    static let childScopes: ChildScopes = [rows]

    static func reduce(_ state: inout State, _ message: Intent) {
        switch message {
        case .clear: state.rows.removeAll()
        case .rows: break  // the store has reduced the row
        }
    }
}
