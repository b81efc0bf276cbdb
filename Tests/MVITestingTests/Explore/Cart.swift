import MVI
import MVITesting

/// A feature for `explore`'s tests: a cart of numbered items, its total, and a save that
/// waits on a clock. `bug` plants one of the bugs the tests expect explore to find.
struct Cart: Feature {
    /// A bug planted in the cart.
    enum Bug: Sendable {
        /// Removing an item removes every item of that number, but subtracts only one.
        case removesDuplicates
        /// The reducer traps once the cart holds three items.
        case trapsAtThreeItems
        /// A save started while one runs saves too: two saves for one change.
        case savesTwice
    }

    struct State: Equatable, Sendable {
        var items: [Int] = []
        var total = 0
        var isSaving = false
        var saves = 0
    }

    enum Intent: Sendable, Equatable { case add(Int), remove(Int), save }
    enum Message: Sendable, Equatable { case added(Int), removed(Int, all: Bool), saving, saved }

    let clock: ExploreClock
    var bug: Bug?

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .added(let item):
            state.items.append(item)
            state.total += item
        case .removed(let item, let all):
            guard let index = state.items.firstIndex(of: item) else { return }
            if all { state.items.removeAll { $0 == item } } else { state.items.remove(at: index) }
            state.total -= item
        case .saving: state.isSaving = true
        case .saved:
            state.isSaving = false
            state.saves += 1
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .add(let item):
            // The planted trap: a cart of three is out of bounds.
            if bug == .trapsAtThreeItems, context.state.items.count == 2 { _ = context.state.items[3] }
            context.dispatch(.added(item))
        case .remove(let item):
            context.dispatch(.removed(item, all: bug == .removesDuplicates))
        case .save:
            guard bug == .savesTwice || !context.state.isSaving else { return }
            context.dispatch(.saving)
            let clock = clock
            context.run(id: bug == .savesTwice ? "save\(context.state.saves)-\(context.state.total)" : "save") { work in
                try await clock.sleep(for: .seconds(1))
                await work.dispatch(.saved)
            }
        }
    }
}

extension Cart {
    /// Items 1 to 3, removals of items in the cart, and saves.
    static let intents: Generator<Intent, State> = .oneOf(
        Generator.int(in: 1...3).map(Intent.add),
        Generator.element(of: \.items).map(Intent.remove),
        .constant(.save))

    /// The total is the sum of the items; a save completes once per save started.
    static let invariants: [Invariant<Cart>] = [
        .state("the total is the sum of the items") { $0.total == $0.items.reduce(0, +) },
        .transition("a save completes only while saving") { before, after in
            after.saves == before.saves || before.isSaving
        },
    ]
}
