/// The posts screen rendered as text. Rendering consumes the state's navigation, so a state
/// rendered twice navigates once.
public struct HackerPostsView {
    let navigate: (HackerPostsNavigation) -> Void

    /// Creates the view; `navigate` is called when a state asks for navigation.
    public init(navigate: @escaping (HackerPostsNavigation) -> Void) {
        self.navigate = navigate
    }

    /// Draws a state, and performs its navigation if nobody has yet.
    public func render(_ state: HackerPostsViewState) -> String {
        switch state {
        case .loading:
            return "Loading…"
        case .error(let message):
            return "⚠︎ \(message)  [ Retry ]"
        case .content(let posts, let navigation):
            if let destination = navigation.consume() { navigate(destination) }
            return posts.map { "▲\($0.score)  \($0.title)" }.joined(separator: "\n")
        }
    }
}
