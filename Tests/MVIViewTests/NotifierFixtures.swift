import MVI
import MVIView

/// A store that posts side effects on demand, synchronously or from async work.
struct Notifier: Feature {
    struct State: Equatable, Sendable {
        var posted = 0
    }

    enum Intent: Sendable {
        /// Posts `n` now, on the send path.
        case post(Int)
        /// Posts 1 through `count` from async work, one await at a time.
        case postMany(count: Int)
    }

    enum Message: Sendable {
        case posted
    }

    typealias SideEffect = Int

    static func reduce(_ state: inout State, _ message: Message) {
        state.posted += 1
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .post(let n):
            context.dispatch(.posted)
            context.post(n)
        case .postMany(let count):
            context.run { effect in
                for n in 1...count {
                    await effect.dispatch(.posted)
                    await effect.post(n)
                }
            }
        }
    }
}

/// Collects the failures a store reports.
final class ErrorLog: Sendable {
    private let errors = Locked<[StoreError]>([])

    var handler: StoreErrorHandler {
        StoreErrorHandler { [self] error in errors.withLock { $0.append(error) } }
    }

    var all: [StoreError] { errors.withLock { $0 } }
}
