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

    var network = Gate<Void>()

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
        Song.self, in: \.songs, intent: Intent.songs, message: Message.songs,
        sideEffects: { id, effect in
            switch effect {
            case .ready(let title): .post(.songReady(id, title))
            }
        })

    var song = Song()

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .songs(let id, let message): songs.reduce(&state, message, id: id)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .songs(let id, let intent): context.forward(intent, to: song, in: Self.songs, id: id)
        }
    }
}

extension Playlist.Intent: ChildRouting {
    static let childCases: Set<String> = ["songs"]
}

extension Playlist.Message: ChildRouting {
    static let childCases: Set<String> = ["songs"]
}
