import MVI
import MVIView
import TextUI

/// `CalculatorView.Model`: just a value text.
public struct CalculatorViewModel: Sendable, Equatable {
    /// The value to show.
    public let value: String

    /// Creates the model.
    public init(value: String) {
        self.value = value
    }
}

/// `CalculatorView.Event`.
public enum CalculatorViewEvent: Sendable, Equatable {
    /// The + button.
    case incrementClicked
    /// The - button.
    case decrementClicked
}

/// `interface CalculatorView : MviView<Model, Event>`: public so every platform can implement it.
@MainActor
public protocol CalculatorView: MVIView where Model == CalculatorViewModel, Event == CalculatorViewEvent {}

/// `CalculatorViewImpl`: a text, two buttons; clicks dispatch events, `render` sets the text.
public final class CalculatorViewImpl: BaseMVIView<CalculatorViewModel, CalculatorViewEvent>, CalculatorView,
    TextRenderable
{
    /// The value label (`R.id.text`).
    public let textView = TextView()
    /// `R.id.button_increment`.
    public let incrementButton = Button("+")
    /// `R.id.button_decrement`.
    public let decrementButton = Button("-")

    /// Creates the view and wires its buttons.
    public override init() {
        super.init()
        incrementButton.onClick = { [unowned self] in dispatch(.incrementClicked) }
        decrementButton.onClick = { [unowned self] in dispatch(.decrementClicked) }
    }

    /// Shows the model.
    public override func render(_ model: CalculatorViewModel) {
        super.render(model)
        textView.setText(model.value)
    }

    /// The screen as text.
    public var renderedText: String {
        "Calculator\n  value: \(textView.text)\n  \(decrementButton.rendered) \(incrementButton.rendered)"
    }
}

/// The mappings between store and view: pure functions, as MVIKotlin recommends.
extension CalculatorViewModel {
    /// `stateToModel`
    public init(_ state: CalculatorStore.State) {
        self.init(value: "\(state.value)")
    }
}

extension CalculatorStore.Intent {
    /// `eventToIntent`
    public init(_ event: CalculatorViewEvent) {
        switch event {
        case .incrementClicked: self = .increment
        case .decrementClicked: self = .decrement
        }
    }
}

/// MVIKotlin's `CalculatorController`: owns the store and binds it to a view for the view's
/// lifecycle.
@MainActor
public final class CalculatorController {
    /// The store.
    public let store: Store<CalculatorStore>
    private var binder: Binder<CalculatorStore>?

    /// Creates the controller with its store.
    public init(store: Store<CalculatorStore> = Store(CalculatorStore(), initialState: .init(), name: "Calculator")) {
        self.store = store
    }

    /// `onViewCreated(view, viewLifecycle)`: states reach the view and its events reach the
    /// store only while the view is started.
    public func onViewCreated(_ view: CalculatorViewImpl, lifecycle: Lifecycle) {
        binder = Binder(store)
            .bind(view, model: CalculatorViewModel.init, intent: CalculatorStore.Intent.init)
            .bind(to: lifecycle, mode: .startStop)
    }
}
