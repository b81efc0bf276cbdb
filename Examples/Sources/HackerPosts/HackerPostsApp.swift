import MVI

/// The posts list and a navigation stack of post details, composed: the specification's
/// one-shot navigation `toDetail(id)` pushes a ``PostDetail`` child, whose comments load
/// as the child's own work, cancelled when the screen is popped.
public struct HackerPostsApp: Feature {
    /// The list's state and the pushed details.
    public struct State: Sendable, Equatable {
        /// The list screen.
        public var posts: HackerPostsViewState = .loading
        /// The details pushed over it, bottom first.
        public var path = DestinationStack<PostDetail.State>()

        /// The state at launch: loading, nothing pushed.
        public init() {}
    }

    /// What the screens can do.
    public enum Intent: Sendable, Equatable {
        /// An action of the list screen.
        case posts(HackerPostsAction)
        /// An action of the detail screen with this id in the stack.
        case path(Int, PostDetail.Intent)
        /// The back button: pops the top detail.
        case back
    }

    /// The state changes.
    public enum Message: Sendable, Equatable {
        /// A change of the list screen.
        case posts(HackerPostsViewModel.Message)
        /// A change of a detail screen.
        case path(Int, PostDetail.Message)
        /// The top detail was popped.
        case popped
    }

    /// The list screen.
    public static let posts = child(
        HackerPostsViewModel.self, at: \.posts, intent: Intent.posts, message: Message.posts)
    /// The stack of details.
    public static let path = child(PostDetail.self, in: \.path, intent: Intent.path, message: Message.path)

    let list: HackerPostsViewModel
    let detail: PostDetail

    /// Creates the app with its two data sources.
    public init(
        getPostsInteractor: GetHackerNewsPostsInteractor,
        comments: @escaping @Sendable (Int64) async -> [String]
    ) {
        list = HackerPostsViewModel(getPostsInteractor: getPostsInteractor)
        detail = PostDetail(comments: comments)
    }

    /// Loads the posts, as the list's own `init { loadPosts() }` does.
    public func bootstrap(_ context: StoreContext<Self>) {
        context.forward(.refresh, to: list, in: Self.posts)
    }

    /// Hands each screen its intents; a push loads the new detail.
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .posts(let action):
            let top = context.state.path.topID
            context.forward(action, to: list, in: Self.posts)
            if let pushed = context.state.path.topID, pushed != top {
                context.forward(.load, to: detail, in: Self.path, id: pushed)
            }
        case .path(let id, let action):
            context.forward(action, to: detail, in: Self.path, id: id)
        case .back:
            guard let top = context.state.path.topID else { return }
            context.dispatch(.popped)
            context.cancelWork(of: Self.path, id: top)
        }
    }

    /// Applies a message. The list's navigation event is consumed here: it pushes the detail.
    public static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .posts(let message):
            posts.reduce(&state, message)
            if case .navigate(.toDetail(let id)) = message, case .content(let list, _) = state.posts,
                let post = list.first(where: { $0.id == id })
            {
                state.posts = .content(posts: list)
                state.path.push(PostDetail.State(post: post))
            }
        case .path(let id, let message): path.reduce(&state, message, id: id)
        case .popped: state.path.pop()
        }
    }
}

extension HackerPostsApp: RoutesToChildren {
    /// The app's child scopes: the list and the pushed screens.
    public static var childScopes: [any ChildScopeRoute<HackerPostsApp>] { [posts, path] }
}
