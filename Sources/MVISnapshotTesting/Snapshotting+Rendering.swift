#if SnapshotTesting
import MVI
import MVIView
import SnapshotTesting

extension Snapshotting where Value: ViewRenderer & TextRenderable & Sendable, Value.Model: Sendable, Format == String {
    /// Renders `model` on the view, then compares the view's `TextRenderable.renderedText`
    /// line by line with a `.txt` reference file: a screenshot test that runs on Linux.
    ///
    /// ```swift
    /// @MainActor @Test func loading() {
    ///     assertSnapshot(of: CalculatorViewImpl(), as: .rendering(CalculatorModel(value: "42")))
    /// }
    /// ```
    ///
    /// Call it on the main actor (a `@MainActor` test): views live there, and `assertSnapshot`
    /// runs the strategy synchronously on the caller.
    public static func rendering(_ model: Value.Model) -> Self {
        Snapshotting(pathExtension: "txt", diffing: .lines) { view in
            // assertSnapshot runs strategies synchronously on its caller, which must be the main
            // actor for a view; assumeIsolated checks that and traps otherwise.
            MainActor.assumeIsolated {
                view.render(model)
                return view.renderedText
            }
        }
    }

    /// Compares what the view shows now, without rendering anything first.
    public static var text: Self {
        Snapshotting(pathExtension: "txt", diffing: .lines) { view in
            // As in `rendering(_:)`: strategies run synchronously on the (main-actor) caller.
            MainActor.assumeIsolated { view.renderedText }
        }
    }
}
#endif
