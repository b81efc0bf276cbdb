import MVI
import MVIFixtures
import MVITesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct ComposedFeatureTests {
    static let twoSongs = Playlist.State(songs: [1: .init(title: "Intro"), 2: .init(title: "Outro")])

    @Test func aComposedFeatureIsAssertedExhaustivelyChildrenIncluded() async {
        let network = Gate<Void>()
        let store = TestStore(Playlist(), initialState: Self.twoSongs, environment: Fakes(network))
        await store.send(.songs(2, .like)) { $0.songs[2]?.isLiked = true }
        await store.send(.songs(1, .download))
        network.open()
        await store.receive(.songs(1, .downloaded)) { $0.songs[1]?.isDownloaded = true }
        await store.receive(sideEffect: .songReady(1, "Intro"))
        await store.finish()
    }

    @Test func aWrongChildStateNamesTheChild() async {
        let store = TestStore(Playlist(), initialState: Self.twoSongs)
        let issues = await failures {
            await store.send(.songs(2, .like)) { $0.songs[1]?.isLiked = true }
        }
        #expect(issues.all.count == 1)
        #expect(issues.all[0].contains("(to Playlist/songs[2])"))
        #expect(issues.all[0].contains("2: Song.State("))
    }

    @Test func anUnassertedChildMessageFailsTheTest() async {
        let network = Gate<Void>()
        let store = TestStore(Playlist(), initialState: Self.twoSongs, environment: Fakes(network))
        await store.send(.songs(1, .download))
        network.open()
        let issues = await failures {
            await store.finish()
        }
        #expect(issues.all.joined().contains("Playlist.Message.songs"))
    }
}
