import MVI
/// A view in the MVI sense: it renders models and dispatches events.
///
/// MVIKotlin's `MviView<Model, Event>`, the combination of ``ViewRenderer`` and
/// ``ViewEvents``. Declare a protocol per screen so each platform can implement it, and
/// subclass ``BaseMVIView`` to get ``BaseMVIView/dispatch(_:)`` and the event stream for free:
///
/// ```swift
/// protocol CalculatorView: MVIView where Model == CalculatorModel, Event == CalculatorEvent {}
///
/// final class CalculatorViewImpl: BaseMVIView<CalculatorModel, CalculatorEvent>, CalculatorView {
///     let text = TextView()
///     let increment = Button(), decrement = Button()
///
///     override init() {
///         super.init()
///         increment.onClick = { [unowned self] in dispatch(.incrementClicked) }
///         decrement.onClick = { [unowned self] in dispatch(.decrementClicked) }
///     }
///
///     override func render(_ model: CalculatorModel) {
///         super.render(model)
///         text.text = model.value
///     }
/// }
/// ```
@MainActor
public protocol MVIView<Model, Event>: ViewRenderer, ViewEvents {
    /// What the view shows.
    associatedtype Model
    /// What the view reports.
    associatedtype Event
}
