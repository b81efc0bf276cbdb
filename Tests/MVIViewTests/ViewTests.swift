import MVI
import MVIView
import MVIFixtures
import Testing

@MainActor
@Suite("MVIView and BaseMVIView", .timeLimit(.minutes(5)))
struct ViewTests {
    @Test("The Calculator view dispatches its events to every observer, in order")
    func calculatorDispatchesEvents() {
        let ui = makeCalculatorRoot()
        let view = CalculatorViewImpl(root: ui.root)
        var first: [CalculatorViewEvent] = []
        var second: [CalculatorViewEvent] = []
        let a = view.onEvent { first.append($0) }
        let b = view.onEvent { second.append($0) }

        ui.increment.click()
        ui.decrement.click()
        a.cancel()
        ui.increment.click()

        #expect(first == [.incrementClicked, .decrementClicked])
        #expect(second == [.incrementClicked, .decrementClicked, .incrementClicked])
        withExtendedLifetime(b) {}
    }

    @Test("render sets the text; the SwiftUI proxy keeps the model")
    func renderAndProxy() {
        let ui = makeCalculatorRoot()
        let view = CalculatorViewImpl(root: ui.root)
        view.render(CalculatorViewModel(value: "7"))
        #expect(ui.text.text == "7")

        let proxy = CalculatorViewProxy()
        #expect(proxy.model == nil)
        proxy.render(CalculatorViewModel(value: "8"))
        #expect(proxy.model == CalculatorViewModel(value: "8"))
    }

    @Test("events is an async sequence of what the view dispatches")
    func eventsStream() async {
        let proxy = CalculatorViewProxy()
        var iterator = proxy.events.makeAsyncIterator()
        proxy.dispatch(.decrementClicked)
        proxy.dispatch(.incrementClicked)
        #expect(await iterator.next() == .decrementClicked)
        #expect(await iterator.next() == .incrementClicked)
    }

    @Test("A released event subscription stops observing")
    func releasedSubscription() {
        let proxy = CalculatorViewProxy()
        var seen = 0
        do {
            let subscription = proxy.onEvent { _ in seen += 1 }
            proxy.dispatch(.incrementClicked)
            _ = subscription
        }
        proxy.dispatch(.incrementClicked)
        #expect(seen == 1)
    }
}
