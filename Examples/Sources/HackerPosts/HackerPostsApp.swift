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
    public static let posts = child(HackerPostsViewModel(), .at(\.posts), intent: Intent.posts, message: Message.posts)
    /// The stack of details.
    public static let path = child(PostDetail(), .each(\.path), intent: Intent.path, message: Message.path)
    /// The app's children: the store hands each its intents and messages.
    public static let childScopes: ChildScopes = [posts, path]

    /// Creates the app: its posts and comments come from the `hackerNewsPosts` and
    /// `postComments` dependencies.
    public init() {}

    /// Loads the posts, as the list's own `init { loadPosts() }` does.
    public func bootstrap(_ context: StoreContext<Self>) {
        context.send(.posts(.refresh))
    }

    /// Loads a detail once the list's selection has pushed it (the store has run the list's
    /// intent first); pops the top detail.
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .posts(.postSelected):
            guard let pushed = context.state.path.topID else { return }
            context.send(.path(pushed, .load))
        case .posts, .path:
            break
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
            // The store has reduced the list's message.
            if case .navigate(.toDetail(let id)) = message, case .content(let list, _) = state.posts,
                let post = list.first(where: { $0.id == id })
            {
                state.posts = .content(posts: list)
                state.path.push(PostDetail.State(post: post))
            }
        case .path: break  // the store has reduced the detail's message
        case .popped: state.path.pop()
        }
    }
}
