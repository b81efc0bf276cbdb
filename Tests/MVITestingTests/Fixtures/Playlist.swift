import MVI
import MVIFixtures

/// A song row: a child feature whose download is async work with a side effect.
struct Song: Feature {
    struct State: Equatable, Sendable {
        var title: String
        var isLiked = false
        var isDownloaded = false
    }

    enum Intent: Sendable, Equatable {
        case like
        case download
    }

    enum Message: Sendable, Equatable {
        case liked
        case downloaded
    }

    enum SideEffect: Sendable, Equatable {
        case ready(String)
    }

    /// The test's gate (``Fakes``), or one that never opens.
    var network: Gate<Void> { Fakes.value() ?? Gate() }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .liked: state.isLiked.toggle()
        case .downloaded: state.isDownloaded = true
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .like: context.dispatch(.liked)
        case .download:
            context.run(id: "download") { [network] work in
                await network.wait()
                await work.dispatch(.downloaded)
                await work.post(.ready(work.state.title))
            }
        }
    }
}

/// A playlist of songs by id, with the songs' side effects lifted to its own.
struct Playlist: Feature {
    struct State: Equatable, Sendable {
        var songs: [Int: Song.State] = [:]
    }

    enum Intent: Sendable, Equatable {
        case songs(Int, Song.Intent)
    }

    enum Message: Sendable, Equatable {
        case songs(Int, Song.Message)
    }

    enum SideEffect: Sendable, Equatable {
        case songReady(Int, String)
    }

    static let songs = child(
        Song(), .each(\.songs), intent: Intent.songs, message: Message.songs,
        sideEffects: { id, effect in
            switch effect {
            case .ready(let title): .post(.songReady(id, title))
            }
        })
    static let childScopes: [any ChildScopeRoute<Self>] = [songs]

    /// Every message is a song's, routed by its scope.
    static func reduce(_ state: inout State, _ message: Message) {}

    /// Every intent is a song's, routed by its scope.
    func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
}
