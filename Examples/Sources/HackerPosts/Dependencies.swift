import Dependencies

/// The posts' source: the interactor the specification hands the view model.
private enum HackerNewsPostsKey: DependencyKey {
    /// No network in the samples: an empty list.
    static let liveValue = GetHackerNewsPostsInteractor { .success([]) }
}

/// The comments' source of a detail screen.
private enum PostCommentsKey: DependencyKey {
    /// No network in the samples: no comments.
    static let liveValue: @Sendable (Int64) async -> [String] = { _ in [] }
}

extension DependencyValues {
    /// Where the posts list comes from (the specification's `GetHackerNewsPostsInteractor`).
    public var hackerNewsPosts: GetHackerNewsPostsInteractor {
        get { self[HackerNewsPostsKey.self] }
        set { self[HackerNewsPostsKey.self] = newValue }
    }

    /// Where a post's comments come from.
    public var postComments: @Sendable (Int64) async -> [String] {
        get { self[PostCommentsKey.self] }
        set { self[PostCommentsKey.self] = newValue }
    }
}
