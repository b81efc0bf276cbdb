import MVI
import Synchronization

/// A small feature to log.
struct Counter: Feature {
    struct State: Equatable, Sendable {
        var count = 0
        var isLoading = false
    }

    enum Intent: Sendable {
        case increment
        case say(String)
        case fail
        case stopLoading
        case count(Counted)
    }

    enum Message: Sendable {
        case changed(by: Int)
        case loading(Bool)
    }

    enum SideEffect: Sendable {
        case said(String)
    }

    struct Boom: Error {}

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .changed(let by): state.count += by
        case .loading(let loading): state.isLoading = loading
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .increment: context.dispatch(.changed(by: 1))
        case .say(let text): context.post(.said(text))
        case .fail: context.run(id: "fail") { _ in throw Boom() }
        case .stopLoading: context.dispatch(.loading(false))
        case .count: break
        }
    }
}

/// A payload that counts how often it is described: proof that no string is built.
struct Counted: Sendable, CustomStringConvertible {
    final class Tally: Sendable {
        let count = Atomic<Int>(0)
    }

    let tally = Tally()

    var descriptions: Int { tally.count.load(ordering: .relaxed) }

    var description: String {
        tally.count.add(1, ordering: .relaxed)
        return "counted"
    }
}
