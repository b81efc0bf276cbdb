import MVI
import OrderedCollections

extension Scenario {
    /// `row-views-100`: a list of 100 rows, each watched by its own row view (a `ChildStore`
    /// subscription, called only when its row changes), one intent to one row at a time,
    /// round robin. Each send changes one row, and every row view checks whether its row
    /// changed: what a list screen pays per edit. Baseline (a): the hand-written rows, each
    /// subscriber comparing its row with the last one it saw.
    static var rowViews: Scenario {
        let rows = 100
        // Each row view is called once when it subscribes, then once per change of its row.
        func expectCalls(_ sink: Sink, _ n: Int) -> String? {
            expect("row view calls", sink.calls, rows + n)
        }
        return Scenario(
            "row-views-100", "one intent to one row among 100, each row watched by its own row view",
            fullSize: 100_000, smokeSize: 2_000,
            systems: [
                (
                    .baselineA,
                    { n in
                        let store = HandWrittenRows(rows: RowListFeature.state(rows: rows).rows)
                        let sink = Sink()
                        for id in 0..<rows {
                            var last: RowFeature.State?
                            var isFirst = true
                            store.subscribe { rows in
                                let row = rows[id]
                                if isFirst || row != last {
                                    isFirst = false
                                    last = row
                                    sink.observe(row?.count ?? -1)
                                }
                            }
                        }
                        return Trial(
                            operations: n,
                            run: { for i in 0..<n { store.increment(row: i % rows) } },
                            verify: { expectCalls(sink, n) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let store = Store(RowListFeature(), initialState: RowListFeature.state(rows: rows))
                        let sink = Sink()
                        let subscriptions = (0..<rows).map { id in
                            store.scope(RowListFeature.rows, id: id).subscribe { sink.observe($0?.count ?? -1) }
                        }
                        return Trial(
                            operations: n,
                            run: { for i in 0..<n { store.send(.rows(i % rows, .increment)) } },
                            verify: { withExtendedLifetime(subscriptions) { expectCalls(sink, n) } })
                    }
                ),
            ])
    }
}
