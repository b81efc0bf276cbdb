import Observation

/// A main-actor mirror of a store's state that SwiftUI (or any Observation client) can watch.
///
/// ```swift
/// struct CounterView: View {
///     @State var model = ObservableStore(Store(Counter(), initialState: .init()))
///     var body: some View {
///         Button("\(model.state.count)") { model.send(.increment) }
///     }
/// }
/// ```
///
/// States arrive on the main actor in the order the store made them. If the main actor is
/// busy, intermediate states are skipped and the latest one is shown (a view only ever needs
/// the latest).
@MainActor
@Observable
public final class ObservableStore<F: Feature> {
    /// The latest state the store published, on the main actor.
    public private(set) var state: F.State

    /// The store being mirrored.
    @ObservationIgnored public let store: Store<F>

    @ObservationIgnored private let observation = ObservationTask()

    /// Starts mirroring `store`'s state on the main actor.
    public init(_ store: Store<F>) {
        self.store = store
        self.state = store.state
        let states = store.states(bufferingPolicy: .bufferingNewest(1))
        observation.start(
            Task { [weak self] in
                for await state in states {
                    guard let self else { return }
                    self.state = state
                }
            })
    }

    deinit {
        observation.cancel()
    }

    /// Sends an intent to the store.
    public func send(_ intent: F.Intent) {
        store.send(intent)
    }

    /// A `(Intent) -> Void` dispatcher for views that take only a state and a dispatcher.
    public var dispatcher: @Sendable (F.Intent) -> Void {
        let store = store
        return { store.send($0) }
    }
}
