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

    static let rows = child(RowFeature.self, in: \.rows, intent: Intent.rows, message: Message.rows)

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .rows(let id, let message): rows.reduce(&state, message, id: id)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .rows(let id, let intent): context.forward(intent, to: RowFeature(), in: Self.rows, id: id)
        }
    }

    /// `count` rows with ids 0..<count, each at 0.
    static func state(rows count: Int) -> State {
        State(rows: OrderedDictionary(uniqueKeysWithValues: (0..<count).map { ($0, RowFeature.State()) }))
    }
}

/// `RowListFeature` written with `RoutesToChildren`: the parent's reduce and execute hand
/// the rows' cases to `reduceChildren` and `forwardToChildren` (`child-in-10-routed`).
struct RoutedRowListFeature: Feature, RoutesToChildren {
    typealias State = RowListFeature.State
    enum Intent: Sendable { case rows(Int, RowFeature.Intent), clear }
    enum Message: Sendable { case rows(Int, RowFeature.Message), cleared }
    typealias SideEffect = Never

    static let rows = child(RowFeature(), in: \.rows, intent: Intent.rows, message: Message.rows)
    static let childScopes: [any ChildScopeRoute<RoutedRowListFeature>] = [rows]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .cleared: state.rows.removeAll()
        default: reduceChildren(&state, message)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .clear: context.dispatch(.cleared)
        default: context.forwardToChildren(intent)
        }
    }
}

/// `RowListFeature` written as a `ReducingFeature` whose rows are `ChildInput` cases: no
/// `execute`, the default one forwards the rows' intents (`child-in-10-input`).
struct InputRowListFeature: ReducingFeature, RoutesToChildren {
    typealias State = RowListFeature.State
    enum Intent: Sendable { case rows(Int, ChildInput<RowFeature>), clear }
    typealias SideEffect = Never

    static let rows = child(RowFeature(), in: \.rows, as: Intent.rows)
    static let childScopes: [any ChildScopeRoute<InputRowListFeature>] = [rows]

    static func reduce(_ state: inout State, _ message: Intent) {
        switch message {
        case .clear: state.rows.removeAll()
        default: reduceChildren(&state, message)
        }
    }
}
