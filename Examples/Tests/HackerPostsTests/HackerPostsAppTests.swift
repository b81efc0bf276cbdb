import HackerPosts
import MVI
import MVIDependencies
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(5))) struct HackerPostsAppTests {
    static func app(
        comments: @escaping @Sendable (Int64) async -> [String] = { ["first on \($0)"] }
    )
        -> Store<HackerPostsApp>
    {
        Store(
            HackerPostsApp(), initialState: .init(), name: "HackerPosts",
            environment: .dependencies {
                $0.hackerNewsPosts = ScriptedPosts([.success(posts)]).interactor
                $0.postComments = comments
            })
    }

    @Test func theListLoadsAtLaunch() async {
        let store = Self.app()
        await store.waitForIdle()
        #expect(store.state.posts == .content(posts: posts))
        #expect(store.state.path.count == 0)
    }

    @Test func selectingAPostPushesItsDetailWhichLoadsItsComments() async {
        let store = Self.app()
        await store.waitForIdle()
        store.send(.posts(.postSelected(id: 2)))
        #expect(store.state.path.states == [PostDetail.State(post: posts[1])])
        await store.waitForIdle()
        #expect(store.state.path.states == [PostDetail.State(post: posts[1], comments: ["first on 2"])])
        #expect(store.state.posts == .content(posts: posts), "the navigation event became the push")
    }

    @Test func backPopsTheDetailAndDropsItsLateComments() async {
        let calls = Mutex(0)
        let store = Self.app(comments: { _ in
            let call = calls.withLock { count in
                count += 1
                return count
            }
            guard call == 1 else { return ["fresh"] }
            // The first screen's comments never come in time: it answers only once cancelled.
            try? await Task.sleep(for: .seconds(3600))
            return ["late"]
        })
        await store.waitForIdle()
        store.send(.posts(.postSelected(id: 1)))
        #expect(store.runningTaskCount == 1)
        store.send(.back)
        #expect(store.runningTaskCount == 0)
        store.send(.posts(.postSelected(id: 1)))  // the same post again: a new screen
        await store.waitForIdle()
        #expect(store.state.path.states == [PostDetail.State(post: posts[0], comments: ["fresh"])])
        #expect(store.state.path.topID == 1, "a popped screen's id is never reused")
    }

    @Test func aDetailsHandleSeesOnlyItsScreen() async {
        let store = Self.app()
        await store.waitForIdle()
        store.send(.posts(.postSelected(id: 1)))
        let top = store.scope(HackerPostsApp.path, id: 0)
        await store.waitForIdle()
        #expect(top.state?.comments == ["first on 1"])
        #expect(top.name == "HackerPosts/path[0]")
    }
}
