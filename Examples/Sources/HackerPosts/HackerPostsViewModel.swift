import Dependencies
import MVI

/// A Hacker News post.
public struct HackerNewsPost: Sendable, Equatable, Codable {
    /// The post's id.
    public var id: Int64
    /// Its title.
    public var title: String
    /// Its score.
    public var score: Int

    /// Creates a post.
    public init(id: Int64, title: String, score: Int) {
        self.id = id
        self.title = title
        self.score = score
    }
}

/// Where the posts screen can navigate (the specification's `HackerPostsNavigation`).
public enum HackerPostsNavigation: Sendable, Equatable {
    /// The detail screen of a post.
    case toDetail(Int64)
}

/// Every state of the posts screen (the specification's sealed `HackerPostsViewState`).
public enum HackerPostsViewState: Sendable, Equatable {
    /// Loading posts.
    case loading
    /// Loading failed.
    case error(String)
    /// The posts, and a navigation to perform once.
    case content(posts: [HackerNewsPost], navigation: OneShotEvent<HackerPostsNavigation> = .empty)
}

/// What the view can do (the specification's sealed `HackerPostsAction`).
public enum HackerPostsAction: Sendable, Equatable {
    /// Load the posts again.
    case refresh
    /// The user tapped a post.
    case postSelected(id: Int64)
}

/// Why loading posts failed.
public struct PostsError: Error, Sendable, Equatable {
    /// Creates the error.
    public init() {}
}

/// The specification's `GetHackerNewsPostsInteractor`: one call, an `Either` of error or posts.
public struct GetHackerNewsPostsInteractor: Sendable {
    let body: @Sendable () async -> Result<[HackerNewsPost], PostsError>

    /// Creates the interactor.
    public init(_ body: @escaping @Sendable () async -> Result<[HackerNewsPost], PostsError>) {
        self.body = body
    }

    /// Runs it (Kotlin's `invoke`).
    public func callAsFunction() async -> Result<[HackerNewsPost], PostsError> {
        await body()
    }
}

/// The specification's `HackerPostsViewModel` as a feature. Where the Kotlin sample assigns
/// `_viewState.value`, this dispatches a message and the reducer assigns it.
///
/// It runs on a store of its own (``ViewModel``), or as the list screen of ``HackerPostsApp``,
/// which composes it with a stack of post details.
public struct HackerPostsViewModel: Feature {
    /// The screen's states.
    public typealias State = HackerPostsViewState
    /// The screen's actions.
    public typealias Intent = HackerPostsAction

    /// The state changes the view model makes.
    public enum Message: Sendable, Equatable {
        /// `_viewState.value = Loading`
        case loading
        /// `_viewState.value = Error(message)`
        case failed(String)
        /// `_viewState.value = Content(posts)`
        case loaded([HackerNewsPost])
        /// `state.copy(navigation = OneShotEvent(navigation))`
        case navigate(HackerPostsNavigation)
    }

    /// Creates the view model's feature: its posts come from the `hackerNewsPosts` dependency
    /// (`ViewModel(getPostsInteractor:)` sets it, as the specification's constructor takes it).
    public init() {}

    /// `init { loadPosts() }`
    public func bootstrap(_ context: StoreContext<Self>) {
        loadPosts(context)
    }

    /// `onAction(action)`
    public func execute(_ action: HackerPostsAction, _ context: StoreContext<Self>) {
        switch action {
        case .postSelected(let id):
            context.dispatch(.navigate(.toDetail(id)))
        case .refresh:
            loadPosts(context)
        }
    }

    private func loadPosts(_ context: StoreContext<Self>) {
        context.dispatch(.loading)
        context.run(id: "posts", cancelInFlight: true) { context in
            @Dependency(\.hackerNewsPosts) var getPostsInteractor
            switch await getPostsInteractor() {
            case .failure: await context.dispatch(.failed("Error happened"))
            case .success(let posts): await context.dispatch(.loaded(posts))
            }
        }
    }

    /// Applies a message.
    public static func reduce(_ state: inout HackerPostsViewState, _ message: Message) {
        switch message {
        case .loading: state = .loading
        case .failed(let message): state = .error(message)
        case .loaded(let posts): state = .content(posts: posts)
        case .navigate(let navigation):
            // Kotlin's `update { state: Content -> ... }`: only the content state navigates.
            if case .content(let posts, _) = state {
                state = .content(posts: posts, navigation: OneShotEvent(navigation))
            }
        }
    }
}
