import MVI
import MVIFixtures
import MVITesting
import Testing

/// The code of the "Composing features" article's sections on destinations, stacks of
/// different screens and grandchildren (MVI.docc), compiled and run. Keep in sync.
enum DestinationsDocs {
    /// A form: its intents are its messages.
    struct Form: ReducingFeature {
        struct State: Equatable, Sendable { var title = "" }
        enum Intent: Sendable, Equatable { case setTitle(String) }
        typealias Message = Intent

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .setTitle(let title): state.title = title
            }
        }
    }

    /// A detail screen with an edit sheet of its own.
    struct Detail: Feature {
        enum Destination: Equatable, Sendable { case edit(Form.State) }
        struct State: Equatable, Sendable {
            var title = ""
            var destination: Destination?
        }
        enum Intent: Sendable, Equatable { case editTapped, edit(Form.Intent) }
        enum Message: Sendable, Equatable { case editing, edit(Form.Intent) }

        static let edit = child(
            Form(), .case(\.destination, Destination.edit), intent: Intent.edit, message: Message.edit)
        static let childScopes: [any ChildScopeRoute<Self>] = [edit]

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .editing: state.destination = .edit(.init(title: state.title))
            case .edit: break  // the form's: routed by its scope
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .editTapped: context.dispatch(.editing)
            case .edit: break  // the form's: routed by its scope
            }
        }
    }

    /// The timer's ticks, which the test hands the store (``Fakes``).
    struct Ticks: Sendable {
        let stream: @Sendable () -> AsyncStream<Void>
    }

    /// A recording screen: its timer is async work that ends when the screen is popped.
    struct Record: Feature {
        struct State: Equatable, Sendable { var seconds = 0 }
        enum Intent: Sendable, Equatable { case start }
        enum Message: Sendable, Equatable { case tick }

        static func reduce(_ state: inout State, _ message: Message) { state.seconds += 1 }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            let ticks = (Fakes.value(of: Ticks.self) ?? Ticks { AsyncStream { $0.finish() } }).stream
            context.run(id: "timer") { work in
                for await _ in ticks() { await work.dispatch(.tick) }
            }
        }
    }

    struct Meetings: Feature {
        enum Destination: Equatable, Sendable {
            case add(Form.State)
            case edit(Form.State)
            case confirmDeletion(String)
        }
        enum Screen: Equatable, Sendable {
            case detail(Detail.State)
            case record(Record.State)
        }
        struct State: Equatable, Sendable {
            var destination: Destination?
            var path = DestinationStack<Screen>()
        }
        enum Intent: Sendable, Equatable {
            case addTapped, dismiss, open(String), startRecording, back
            case add(Form.Intent), edit(Form.Intent)
            case detail(Int, Detail.Intent), record(Int, Record.Intent)
        }
        enum Message: Sendable, Equatable {
            case presented(Destination?), pushed(Screen), popped
            case add(Form.Intent), edit(Form.Intent)
            case detail(Int, Detail.Message), record(Int, Record.Message)
        }

        static let add = child(Form(), .case(\.destination, Destination.add), intent: Intent.add, message: Message.add)
        static let edit = child(
            Form(), .case(\.destination, Destination.edit), intent: Intent.edit, message: Message.edit)
        static let detail = child(
            Detail(), .each(\.path, Screen.detail), intent: Intent.detail, message: Message.detail)
        static let record = child(
            Record(), .each(\.path, Screen.record), intent: Intent.record, message: Message.record)
        static let childScopes: [any ChildScopeRoute<Self>] = [add, edit, detail, record]

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .presented(let destination): state.destination = destination
            case .pushed(let screen): state.path.push(screen)
            case .popped: state.path.pop()
            case .add, .edit, .detail, .record: break  // the children's: routed by their scopes
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .addTapped: context.dispatch(.presented(.add(.init())))
            case .dismiss: context.dispatch(.presented(nil))
            case .open(let title): context.dispatch(.pushed(.detail(.init(title: title))))
            case .startRecording:
                context.dispatch(.pushed(.record(.init())))
                if let id = context.state.path.topID { context.send(.record(id, .start)) }
            case .back: context.dispatch(.popped)
            case .add, .edit, .detail, .record: break  // the children's: routed by their scopes
            }
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct DestinationsArticleTests {
    typealias Meetings = DestinationsDocs.Meetings

    @Test func sheetsAndAStackOfDifferentScreensAreTestedAsOne() async {
        let ticks = AsyncStream<Void>.makeStream()
        let store = TestStore(
            Meetings(), initialState: .init(), environment: Fakes(DestinationsDocs.Ticks { ticks.stream }))
        await store.send(.addTapped) { $0.destination = .add(.init()) }
        await store.send(.add(.setTitle("Standup"))) { $0.destination = .add(.init(title: "Standup")) }
        await store.send(.dismiss) { $0.destination = nil }
        await store.send(.open("Standup")) { $0.path = DestinationStack([.detail(.init(title: "Standup"))]) }
        await store.send(.detail(0, .editTapped)) {
            $0.path[child: 0] = .detail(.init(title: "Standup", destination: .edit(.init(title: "Standup"))))
        }
        await store.send(.startRecording) { $0.path.push(.record(.init())) }
        ticks.continuation.yield()
        await store.receive(.record(1, .tick)) { $0.path[child: 1] = .record(.init(seconds: 1)) }
        // Popping the recording screen ends its timer: nothing else to receive or cancel.
        await store.send(.back) { _ = $0.path.pop() }
        await store.finish()
    }

    @Test func aGrandchildsHandleSendsThroughTheStore() {
        let store = Store(Meetings(), initialState: .init(), name: "Meetings")
        store.send(.open("Standup"))
        store.send(.detail(0, .editTapped))
        let form = store.scope(Meetings.detail, id: 0).scope(DestinationsDocs.Detail.edit)
        form.send(.setTitle("Retro"))
        #expect(form.state == .init(title: "Retro"))
        #expect(form.name == "Meetings/path[0]/destination")
    }
}
