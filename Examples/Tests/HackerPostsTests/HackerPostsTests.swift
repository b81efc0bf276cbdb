import HackerPosts
import MVI
import Synchronization
import Testing

let posts = [
    HackerNewsPost(id: 1, title: "Show HN: swift-mvi", score: 120),
    HackerNewsPost(id: 2, title: "MVI in practice", score: 80),
]

/// An interactor whose answers the test hands out one at a time, so loading is observable.
final class ScriptedPosts: Sendable {
    private let answers = Mutex<[Result<[HackerNewsPost], PostsError>]>([])
    init(_ answers: [Result<[HackerNewsPost], PostsError>]) { self.answers.withLock { $0 = answers } }
    var interactor: GetHackerNewsPostsInteractor {
        GetHackerNewsPostsInteractor {
            self.answers.withLock { $0.isEmpty ? .failure(PostsError()) : $0.removeFirst() }
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct HackerPostsTests {
    @Test func loadsPostsWhenCreated() async {
        let viewModel = ViewModel(getPostsInteractor: ScriptedPosts([.success(posts)]).interactor)
        await viewModel.store.waitForIdle()
        #expect(viewModel.viewState == .content(posts: posts))
    }

    @Test func anErrorShowsTheMessageAndRefreshRecovers() async {
        let viewModel = ViewModel(
            getPostsInteractor: ScriptedPosts([.failure(PostsError()), .success(posts)]).interactor)
        await viewModel.store.waitForIdle()
        #expect(viewModel.viewState == .error("Error happened"))
        let states = Mutex<[HackerPostsViewState]>([])
        let subscription = viewModel.store.subscribe { state in states.withLock { $0.append(state) } }
        viewModel.onAction(.refresh)
        await viewModel.store.waitForIdle()
        #expect(states.withLock { $0 } == [.error("Error happened"), .loading, .content(posts: posts)])
        subscription.cancel()
    }

    @Test func selectingAPostNavigatesExactlyOnce() async {
        let viewModel = ViewModel(getPostsInteractor: ScriptedPosts([.success(posts)]).interactor)
        await viewModel.store.waitForIdle()
        viewModel.onAction(.postSelected(id: 2))
        #expect(viewModel.viewState == .content(posts: posts, navigation: OneShotEvent(.toDetail(2))))

        let navigations = Mutex<[HackerPostsNavigation]>([])
        let view = HackerPostsView { destination in navigations.withLock { $0.append(destination) } }
        // The same state rendered three times, by two renders and a second observer.
        let state = viewModel.viewState
        _ = view.render(state)
        _ = view.render(state)
        _ = view.render(viewModel.viewState)
        #expect(navigations.withLock { $0 } == [.toDetail(2)])
    }

    @Test func selectingWhileLoadingDoesNotNavigate() async {
        let (answers, answer) = AsyncStream.makeStream(of: Result<[HackerNewsPost], PostsError>.self)
        let viewModel = ViewModel(
            getPostsInteractor: GetHackerNewsPostsInteractor {
                var iterator = answers.makeAsyncIterator()
                return await iterator.next() ?? .failure(PostsError())
            })
        #expect(viewModel.viewState == .loading)
        viewModel.onAction(.postSelected(id: 1))
        #expect(viewModel.viewState == .loading)
        answer.yield(.success(posts))
        await viewModel.store.waitForIdle()
        #expect(viewModel.viewState == .content(posts: posts), "the selection made while loading is not replayed")
    }

    @Test func oneShotEventsAreConsumedOnce() {
        let event = OneShotEvent(HackerPostsNavigation.toDetail(7))
        #expect(!event.isConsumed)
        #expect(event.consume() == .toDetail(7))
        #expect(event.consume() == nil)
        #expect(event.isConsumed)
        #expect(OneShotEvent<HackerPostsNavigation>.empty.consume() == nil)
        #expect(event == OneShotEvent(.toDetail(7)))
    }
}
