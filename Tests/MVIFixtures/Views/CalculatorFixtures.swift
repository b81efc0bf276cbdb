import MVI
import MVIView

// MVIKotlin's "Implementing a View": the Calculator view, translated to Swift.

/// `CalculatorView.Model`.
package struct CalculatorViewModel: Equatable, Sendable {

    package init(value: String) { self.value = value }
    package let value: String
}

/// `CalculatorView.Event`.
package enum CalculatorViewEvent: Equatable, Sendable {
    case incrementClicked
    case decrementClicked
}

/// `interface CalculatorView : MviView<Model, Event>`: public, so every platform implements it.
@MainActor
package protocol CalculatorView: MVIView where Model == CalculatorViewModel, Event == CalculatorViewEvent {}

/// The Android implementation: finds its widgets in a root view, dispatches clicks, renders
/// the value.
package final class CalculatorViewImpl: BaseMVIView<CalculatorViewModel, CalculatorViewEvent>, CalculatorView,
    TextRenderable
{
    private let textView: TextView
    package let renders = Probe<CalculatorViewModel>()

    package init(root: ViewGroup) {
        textView = root.requireViewById("text")
        super.init()
        let increment: Button = root.requireViewById("button_increment")
        increment.onClick = { [unowned self] in dispatch(.incrementClicked) }
        let decrement: Button = root.requireViewById("button_decrement")
        decrement.onClick = { [unowned self] in dispatch(.decrementClicked) }
    }

    package override func render(_ model: CalculatorViewModel) {
        super.render(model)
        textView.setText(model.value)
        renders.append(model)
    }

    package var renderedText: String {
        """
        Calculator
          [text] \(textView.text)
          [button_increment] +
          [button_decrement] -
        """
    }
}

/// The SwiftUI flavour: a proxy that keeps the model for a SwiftUI view to show.
package final class CalculatorViewProxy: BaseMVIView<CalculatorViewModel, CalculatorViewEvent>, CalculatorView {
    package private(set) var model: CalculatorViewModel?

    package override func render(_ model: CalculatorViewModel) {
        self.model = model
    }
}

/// A hierarchy with the widgets CalculatorViewImpl looks for.
@MainActor
package func makeCalculatorRoot() -> (root: ViewGroup, text: TextView, increment: Button, decrement: Button) {
    let text = TextView(), increment = Button(), decrement = Button()
    let root = ViewGroup(["text": text, "button_increment": increment, "button_decrement": decrement])
    return (root, text, increment, decrement)
}

/// The store behind it: MVIKotlin's CalculatorStore.
package struct CalculatorStore: Feature {
    package init() {}

    package struct State: Equatable, Sendable {
        package var value = 0

        package init(value: Int = 0) { self.value = value }
    }

    package enum Intent: Equatable, Sendable {
        case increment
        case decrement
    }

    package enum Message: Sendable {
        case changed(by: Int)
    }

    package static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .changed(let by): state.value += by
        }
    }

    package func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment: context.dispatch(.changed(by: 1))
        case .decrement: context.dispatch(.changed(by: -1))
        }
    }
}

/// The mappings a binder uses: state to view model (pure), view event to intent.
extension CalculatorViewModel {
    package init(_ state: CalculatorStore.State) {
        self.init(value: "\(state.value)")
    }
}

extension CalculatorStore.Intent {
    package init(_ event: CalculatorViewEvent) {
        switch event {
        case .incrementClicked: self = .increment
        case .decrementClicked: self = .decrement
        }
    }
}
