import MVI

/// A feature whose intents start async work that finishes, throws, waits until cancelled, or
/// starts further work: for tests of how work starts and ends.
package struct Worker: Feature {
    package struct State: Equatable, Sendable {
        package var loaded = 0
        package init() {}
    }

    package enum Intent: Sendable {
        /// Work with `id` that dispatches one message and finishes.
        case load(id: String)
        /// Work that throws ``Failure``.
        case fail
        /// Work with `id` that waits until it is cancelled.
        case hang(id: String)
        /// Cancels the work with `id`.
        case stop(id: String)
        /// Work that starts further work, which dispatches one message.
        case nested
    }

    package enum Message: Sendable { case loaded }

    /// The error ``Intent/fail`` throws.
    package struct Failure: Error {}

    package init() {}

    package static func reduce(_ state: inout State, _ message: Message) {
        state.loaded += 1
    }

    package func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .load(let id):
            context.run(id: id) { work in await work.dispatch(.loaded) }
        case .fail:
            context.run(id: "failing") { _ in throw Failure() }
        case .hang(let id):
            context.run(id: id) { _ in
                while !Task.isCancelled { try await Task.sleep(for: .seconds(60)) }
            }
        case .stop(let id):
            context.cancel(id: id)
        case .nested:
            context.run(id: "outer") { work in
                work.run(id: "inner") { inner in await inner.dispatch(.loaded) }
            }
        }
    }
}
