import MVI
import OrderedCollections

extension Scenario {
    /// `child-in-*`: one intent sent to one row of a list of `rows` child features (round
    /// robin), through the parent's store, one subscriber on the parent. Against `send-1sub`
    /// it is what composition adds to a send; against each other, whether it grows with the
    /// list (it must not: one lookup by id).
    static func childInList(_ name: String, rows: Int, routing: RowRouting = .explicit) -> Scenario {
        func verify(_ rowsState: OrderedDictionary<Int, RowFeature.State>, _ sink: Sink, _ n: Int) -> String? {
            let total = rowsState.values.reduce(0) { $0 + $1.count }
            return expect("increments over all rows", total, n)
                ?? expect("row 0", rowsState[0]?.count ?? -1, (n + rows - 1) / rows)
                ?? expect("subscriber calls", sink.calls, n + 1)
        }
        return Scenario(
            name,
            "one intent to one row among \(rows) child features, one subscriber on the parent"
                + routing.description,
            fullSize: 1_000_000, smokeSize: 10_000,
            systems: [
                (
                    .baselineA,
                    { n in
                        // Hand-written: the same rows, mutated in place by id, subscribers called.
                        let store = HandWrittenRows(rows: RowListFeature.state(rows: rows).rows)
                        let sink = Sink()
                        store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: { for i in 0..<n { store.increment(row: i % rows) } },
                            verify: { verify(store.rows, sink, n) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        if routing == .input {
                            let store = Store(InputRowListFeature(), initialState: RowListFeature.state(rows: rows))
                            let sink = Sink()
                            let subscription = store.subscribe { sink.observe($0.rows.count) }
                            return Trial(
                                operations: n,
                                run: { for i in 0..<n { store.send(.rows(i % rows, .intent(.increment))) } },
                                verify: { withExtendedLifetime(subscription) { verify(store.state.rows, sink, n) } })
                        }
                        if routing == .routed {
                            let store = Store(RoutedRowListFeature(), initialState: RowListFeature.state(rows: rows))
                            let sink = Sink()
                            let subscription = store.subscribe { sink.observe($0.rows.count) }
                            return Trial(
                                operations: n,
                                run: { for i in 0..<n { store.send(.rows(i % rows, .increment)) } },
                                verify: { withExtendedLifetime(subscription) { verify(store.state.rows, sink, n) } })
                        }
                        let store = Store(RowListFeature(), initialState: RowListFeature.state(rows: rows))
                        let sink = Sink()
                        let subscription = store.subscribe { sink.observe($0.rows.count) }
                        return Trial(
                            operations: n,
                            run: { for i in 0..<n { store.send(.rows(i % rows, .increment)) } },
                            verify: { withExtendedLifetime(subscription) { verify(store.state.rows, sink, n) } })
                    }
                ),
            ])
    }
}

/// The shape of the parent of `child-in-*` (the store routes the rows' inputs in each).
enum RowRouting {
    /// Rows alone.
    case explicit
    /// Rows beside a case of the parent's own.
    case routed
    /// A `ReducingFeature` with a `ChildInput` case: no `execute`.
    case input

    var description: String {
        switch self {
        case .explicit: ""
        case .routed: ", beside a case of the parent's own"
        case .input: ", one ChildInput case in a ReducingFeature parent"
        }
    }
}

/// The hand-written limit for `child-in-*`: rows in place, by id, no synchronization.
final class HandWrittenRows {
    private(set) var rows: OrderedDictionary<Int, RowFeature.State>
    private var subscribers: [(OrderedDictionary<Int, RowFeature.State>) -> Void] = []

    init(rows: OrderedDictionary<Int, RowFeature.State>) { self.rows = rows }

    func subscribe(_ onChange: @escaping (OrderedDictionary<Int, RowFeature.State>) -> Void) {
        subscribers.append(onChange)
        onChange(rows)
    }

    @inline(never)
    func increment(row id: Int) {
        rows[id]?.count &+= 1
        for subscriber in subscribers { subscriber(rows) }
    }
}
