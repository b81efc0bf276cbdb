import MVI
import MVICollections
import OrderedCollections

extension Scenario {
    /// `child-in-10-working`: `child-in-10` while one row has async work running. A store with
    /// a child's work checks, after each change, that each child with work is still there
    /// (so that a removed child's work ends with it): this is what the check costs a send.
    static var childWorkLive: Scenario {
        let rows = 10
        return Scenario(
            "child-in-10-working", "child-in-10 while one row's async work runs (the removed-child check)",
            fullSize: 1_000_000, smokeSize: 10_000,
            systems: [
                (
                    .mvi,
                    { n in
                        let store = Store(WorkingRowList(), initialState: WorkingRowList.state(rows: rows))
                        let sink = Sink()
                        let subscription = store.subscribe { sink.observe($0.rows.count) }
                        store.send(.rows(0, .startWork))
                        return Trial(
                            operations: n,
                            run: { for i in 0..<n { store.send(.rows(1 + i % (rows - 1), .increment)) } },
                            verify: {
                                withExtendedLifetime(subscription) {
                                    let total = store.state.rows.values.reduce(0) { $0 + $1.count }
                                    return expect("increments over all rows", total, n)
                                        ?? expect("running work", store.runningTaskCount, 1)
                                        ?? expect("subscriber calls", sink.calls, n + 1)
                                }
                            })
                    }
                )
            ])
    }
}

/// A row of `child-in-10-working`: `RowFeature` with an intent that starts work that runs
/// until the store goes.
struct WorkingRow: Feature {
    struct State: Equatable, Sendable { var count = 0 }
    enum Intent: Sendable { case increment, startWork }
    enum Message: Sendable { case add(Int) }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .add(let amount): state.count &+= amount
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment: context.dispatch(.add(1))
        case .startWork: context.run { _ in try await Task.sleep(for: .seconds(86_400)) }
        }
    }
}

/// The parent of `child-in-10-working`: rows by id, each a `WorkingRow`.
struct WorkingRowList: Feature {
    struct State: Sendable {
        var rows: OrderedDictionary<Int, WorkingRow.State>
    }
    enum Intent: Sendable { case rows(Int, WorkingRow.Intent) }
    enum Message: Sendable { case rows(Int, WorkingRow.Message) }
    typealias SideEffect = Never

    static let rows = child(WorkingRow(), .each(\.rows), intent: Intent.rows, message: Message.rows)
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
        State(rows: OrderedDictionary(uniqueKeysWithValues: (0..<count).map { ($0, WorkingRow.State()) }))
    }
}
