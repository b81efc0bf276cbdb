import MVI
import MVIDependencies

/// The KMM specification's spelling over a store: `onAction(_:)` and an observed `viewState`.
///
/// It is a naming layer and nothing more: `onAction` is `send`, `viewState` is `state`,
/// `viewStates` is `states`.
public final class ViewModel<F: Feature>: Sendable {
    /// The store behind the view model.
    public let store: Store<F>

    /// Wraps a store.
    public init(_ store: Store<F>) {
        self.store = store
    }

    /// The current view state.
    public var viewState: F.State { store.state }

    /// The view state now and after every change, for the view to observe.
    public var viewStates: AsyncStream<F.State> { store.states }

    /// Handles an action from the view.
    public func onAction(_ action: F.Intent) {
        store.send(action)
    }
}

extension ViewModel where F == HackerPostsViewModel {
    /// `HackerPostsViewModel(getPostsInteractor)`, as the specification builds it: the
    /// interactor is the store's `hackerNewsPosts` dependency.
    public convenience init(getPostsInteractor: GetHackerNewsPostsInteractor) {
        self.init(
            Store(
                HackerPostsViewModel(), initialState: .loading, name: "HackerPosts",
                environment: .dependencies { $0.hackerNewsPosts = getPostsInteractor }))
    }
}
