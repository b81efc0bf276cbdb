import MVI
import MVIView

extension Scenario {
    /// `render-diff`: MVIKotlin's view path. A `DiffRenderer` with four entries (two by key
    /// path, two by closure; one compares an array by identity) renders one model per
    /// operation in which only the count changed, so one setter runs. Baseline (a) is the same
    /// view written by hand: four comparisons with the last values set. Main thread only.
    static var renderDiff: Scenario {
        // The first render sets all four entries; each later one, only the count. No render
        // (the size 0 that `Benchmarks/instructions` subtracts) sets nothing.
        func setterCalls(_ renders: Int) -> Int { renders == 0 ? 0 : renders + 3 }
        return Scenario(
            "render-diff", "a DiffRenderer with four entries renders a model in which one value changed",
            fullSize: 1_000_000, smokeSize: 10_000, needsMainThread: true,
            systems: [
                (
                    .baselineA,
                    { n in
                        let view = MainActor.assumeIsolated { HandWrittenDiffView() }
                        let models = (0..<2).map { BenchModel(count: $0) }
                        return Trial(
                            operations: n,
                            run: { MainActor.assumeIsolated { for i in 0..<n { view.render(models[i & 1]) } } },
                            verify: {
                                MainActor.assumeIsolated { expect("setter calls", view.sink.calls, setterCalls(n)) }
                            })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let (renderer, sink) = MainActor.assumeIsolated {
                            let sink = Sink()
                            let renderer = DiffRenderer<BenchModel> {
                                $0.diff(\.count) { sink.observe($0) }
                                $0.diff(\.title) { sink.observe($0.count) }
                                $0.diff(get: { $0.payload }, compare: { $0.sharesStorage(with: $1) }) {
                                    sink.observe($0.count)
                                }
                                $0.diff(get: { $0.isLoading }) { sink.observe($0 ? 1 : 0) }
                            }
                            return (renderer, sink)
                        }
                        let models = (0..<2).map { BenchModel(count: $0) }
                        return Trial(
                            operations: n,
                            run: { MainActor.assumeIsolated { for i in 0..<n { renderer.render(models[i & 1]) } } },
                            verify: { expect("setter calls", sink.calls, setterCalls(n)) })
                    }
                ),
            ])
    }
}

/// A view's model for `render-diff`: what a screen shows.
struct BenchModel: Sendable {
    var count: Int
    var title = "Counter"
    var payload = BenchModel.sharedPayload
    var isLoading = false

    static let sharedPayload = [UInt8](repeating: 7, count: 1024)
}

/// `render-diff` by hand: the last values set, compared field by field.
@MainActor
final class HandWrittenDiffView {
    let sink = Sink()
    private var count: Int?
    private var title: String?
    private var payload: [UInt8]?
    private var isLoading: Bool?

    @inline(never)
    func render(_ model: BenchModel) {
        if count != model.count {
            count = model.count
            sink.observe(model.count)
        }
        if title != model.title {
            title = model.title
            sink.observe(0)
        }
        // A switch, not `payload.map { ... }`: a closure made in this main-actor method checks
        // at run time that it runs on the main actor, about 290 instructions a render
        // (callgrind), which is not the work being compared (budgets.tsv: render-diff-hand).
        switch payload {
        case .some(let last) where last.sharesStorage(with: model.payload): break
        default:
            payload = model.payload
            sink.observe(0)
        }
        if isLoading != model.isLoading {
            isLoading = model.isLoading
            sink.observe(0)
        }
    }
}
