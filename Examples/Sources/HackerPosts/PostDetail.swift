import Dependencies
import MVI

/// The detail screen of a post: the post, and its comments once loaded. The specification
/// navigates to it (`HackerPostsNavigation.toDetail`); ``HackerPostsApp`` pushes it as a
/// child feature.
public struct PostDetail: Feature {
    /// The screen's state.
    public struct State: Sendable, Equatable {
        /// The post shown.
        public var post: HackerNewsPost
        /// Its comments; `nil` while they load.
        public var comments: [String]?

        /// A detail whose comments have not loaded yet.
        public init(post: HackerNewsPost, comments: [String]? = nil) {
            self.post = post
            self.comments = comments
        }
    }

    /// What the detail screen can do.
    public enum Intent: Sendable, Equatable {
        /// Load the comments (the parent sends it when the screen is pushed).
        case load
    }

    /// The detail's state changes.
    public enum Message: Sendable, Equatable {
        /// The comments arrived.
        case loaded([String])
    }

    /// Creates the feature: its comments come from the `postComments` dependency.
    public init() {}

    /// Applies a message.
    public static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .loaded(let comments): state.comments = comments
        }
    }

    /// Loads the comments as async work of the screen: popping the screen cancels it.
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .load:
            let id = context.state.post.id
            context.run(id: "comments", cancelInFlight: true) { work in
                @Dependency(\.postComments) var comments
                await work.dispatch(.loaded(await comments(id)))
            }
        }
    }
}
