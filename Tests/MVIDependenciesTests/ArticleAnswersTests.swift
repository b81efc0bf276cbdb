import Clocks
import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITesting
import Testing

// The code samples of two DocC articles, compiled and run:
//
// - Sources/MVI/MVI.docc/AnsweringCommonQuestions.md: every feature and every test below, in
//   the namespace `CommonQuestions` (the article shows them without it). Its `StateKeeper` and
//   `Shared` file samples need MVIStateKeeper, which this target does not depend on: they are in
//   Tests/MVIStateKeeperTests/ArticleAnswersStateKeeperTests.swift.
// - Sources/MVI/MVI.docc/ComingFromTCA.md: its excerpts of our code are lines of
//   Examples/Sources/SyncUps/Features, compiled and tested by Examples/Tests/SyncUpsTests
//   (`swift test --package-path Examples`); its excerpts of TCA's SyncUps are not compiled.

/// The namespace of the samples, so that their names do not meet this target's other features.
enum CommonQuestions {}

// MARK: - Which feature shape when

extension CommonQuestions {
    /// Every intent is a change of the state: a `ReducingFeature`, with no `execute`.
    struct Player: ReducingFeature {
        struct State: Equatable, Sendable {
            var isPlaying = false
            var volume = 5
        }
        enum Intent: Equatable, Sendable { case playTapped, volume(Int) }

        static func reduce(_ state: inout State, _ message: Intent) {
            switch message {
            case .playTapped: state.isPlaying.toggle()
            case .volume(let level): state.volume = min(max(level, 0), 10)
            }
        }
    }

    struct Note: Equatable, Sendable {
        var id: UUID
        var text: String
    }

    /// The reducer needs a value made outside it (an id), and `added` is not the view's to
    /// send: a `Feature`, intents and messages apart.
    struct Notebook: Feature {
        struct State: Equatable, Sendable { var notes: [Note] = [] }
        enum Intent: Equatable, Sendable { case addTapped(String) }
        enum Message: Equatable, Sendable { case added(Note) }

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .added(let note): state.notes.append(note)
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .addTapped(let text):
                @Dependency(\.uuid) var uuid
                context.dispatch(.added(Note(id: uuid(), text: text)))
            }
        }
    }
}

// MARK: - An optional child or a one-case enum destination

extension CommonQuestions {
    /// The child of both parents below: it closes itself.
    struct Editor: Feature {
        struct State: Equatable, Sendable { var title = "" }
        enum Intent: Equatable, Sendable { case setTitle(String), close }
        enum Message: DismissibleMessage, Equatable { case dismiss, titled(String) }

        static func reduce(_ state: inout State, _ message: Message) {
            if case .titled(let title) = message { state.title = title }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .setTitle(let title): context.dispatch(.titled(title))
            case .close: context.dismiss()
            }
        }
    }

    /// The editor in an optional.
    struct Page: ReducingFeature {
        struct State: Equatable, Sendable { var editor: Editor.State? }
        enum Intent: Equatable, Sendable { case editTapped, editor(ChildInput<Editor>) }

        static let editor = child(Editor(), .optional(\.editor), input: Intent.editor)
        static let childScopes: ChildScopes = [editor]

        static func reduce(_ state: inout State, _ message: Intent) {
            switch message {
            case .editTapped: state.editor = Editor.State()
            case .editor: break  // the editor's, handed to it by the store
            }
        }
    }

    /// The editor as the one case of an optional enum.
    struct Post: ReducingFeature {
        enum Destination: Equatable, Sendable { case editor(Editor.State) }
        struct State: Equatable, Sendable { var destination: Destination? }
        enum Intent: Equatable, Sendable { case editTapped, editor(ChildInput<Editor>) }

        static let editor = child(Editor(), .case(\.destination, Destination.editor), input: Intent.editor)
        static let childScopes: ChildScopes = [editor]

        static func reduce(_ state: inout State, _ message: Intent) {
            switch message {
            case .editTapped: state.destination = .editor(Editor.State())
            case .editor: break  // the editor's, handed to it by the store
            }
        }
    }
}

// MARK: - Ending a screen's work, a timer through the app

extension CommonQuestions {
    /// A child with a timer: it counts the seconds, tells its parent of each, and closes itself.
    struct Stopwatch: Feature {
        struct State: Equatable, Sendable { var seconds = 0 }
        enum Intent: Equatable, Sendable { case start, done }
        enum Message: DismissibleMessage, Equatable { case dismiss, ticked }
        enum SideEffect: Equatable, Sendable { case ticked }

        static func reduce(_ state: inout State, _ message: Message) {
            if message == .ticked { state.seconds += 1 }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .start:
                context.run(id: "timer") { work in
                    @Dependency(\.continuousClock) var clock
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        await work.dispatch(.ticked)
                        await work.post(.ticked)
                    }
                }
            case .done: context.dismiss()  // the timer ends with the stopwatch
            }
        }
    }

    /// The stopwatch's parent: each tick of the child's timer becomes its `tick` intent.
    struct Workout: Feature {
        struct State: Equatable, Sendable {
            var stopwatch: Stopwatch.State?
            var totalSeconds = 0
        }
        enum Intent: Equatable, Sendable { case begin, pause, tick, stopwatch(Stopwatch.Intent) }
        enum Message: Equatable, Sendable { case begun, counted, stopwatch(Stopwatch.Message) }

        static let stopwatch = child(
            Stopwatch(), .optional(\.stopwatch), intent: Intent.stopwatch, message: Message.stopwatch,
            sideEffects: { effect in
                switch effect {
                case .ticked: .send(.tick)
                }
            })
        static let childScopes: ChildScopes = [stopwatch]

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .begun: state.stopwatch = Stopwatch.State()
            case .counted: state.totalSeconds += 1
            case .stopwatch: break  // reduced by the stopwatch
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .begin:
                context.dispatch(.begun)
                context.send(.stopwatch(.start))
            case .pause: context.cancelWork(of: Self.stopwatch)  // the stopwatch stays, its timer stops
            case .tick: context.dispatch(.counted)
            case .stopwatch: break  // run by the stopwatch
            }
        }
    }
}

// MARK: - @Dependency values in a task group

extension CommonQuestions {
    enum SummaryKey: DependencyKey {
        static let liveValue: @Sendable (Int) async -> String = { id in "summary of \(id)" }
    }
}

extension DependencyValues {
    /// The summary of a document, by id: the task-group sample's dependency.
    var summary: @Sendable (Int) async -> String {
        get { self[CommonQuestions.SummaryKey.self] }
        set { self[CommonQuestions.SummaryKey.self] = newValue }
    }
}

extension CommonQuestions {
    /// Loads several summaries at once, in a task group.
    struct Digest: Feature {
        struct State: Equatable, Sendable { var summaries: [String] = [] }
        enum Intent: Equatable, Sendable { case load([Int]) }
        enum Message: Equatable, Sendable { case loaded([String]) }

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .loaded(let summaries): state.summaries = summaries
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .load(let ids):
                context.run(id: "load", cancelInFlight: true) { work in
                    @Dependency(\.summary) var summaryDependency
                    let summary = summaryDependency  // the value, which the child tasks capture
                    let summaries = await withTaskGroup(of: (Int, String).self) { group in
                        for (index, id) in ids.enumerated() {
                            group.addTask { (index, await summary(id)) }
                        }
                        var summaries = [String](repeating: "", count: ids.count)
                        for await (index, text) in group { summaries[index] = text }
                        return summaries
                    }
                    await work.dispatch(.loaded(summaries))
                }
            }
        }
    }

    /// The same, reading the dependency inside each child task: the tasks of a group inherit
    /// the store's dependencies (task-local values), so they read the test's values too.
    struct DigestReadingInTasks: Feature {
        typealias State = Digest.State
        typealias Intent = Digest.Intent
        typealias Message = Digest.Message

        static func reduce(_ state: inout State, _ message: Message) { Digest.reduce(&state, message) }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .load(let ids):
                context.run { work in
                    let summaries = await withTaskGroup(of: (Int, String).self) { group in
                        for (index, id) in ids.enumerated() {
                            group.addTask {
                                @Dependency(\.summary) var summary
                                return (index, await summary(id))
                            }
                        }
                        var summaries = [String](repeating: "", count: ids.count)
                        for await (index, text) in group { summaries[index] = text }
                        return summaries
                    }
                    await work.dispatch(.loaded(summaries))
                }
            }
        }
    }
}

// MARK: - The tests: each article's test snippet, as written there

@Suite(.timeLimit(.minutes(5)))
struct ArticleAnswersTests {
    typealias Player = CommonQuestions.Player
    typealias Notebook = CommonQuestions.Notebook
    typealias Note = CommonQuestions.Note
    typealias Page = CommonQuestions.Page
    typealias Post = CommonQuestions.Post
    typealias Stopwatch = CommonQuestions.Stopwatch
    typealias Workout = CommonQuestions.Workout
    typealias Digest = CommonQuestions.Digest

    @Test func theTwoShapes() async {
        let player = TestStore(Player(), initialState: .init())
        await player.send(.playTapped) { $0.isPlaying = true }
        await player.send(.volume(12)) { $0.volume = 10 }

        let notebook = TestStore(
            Notebook(), initialState: .init(), environment: .dependencies { $0.uuid = .incrementing })
        await notebook.send(.addTapped("Milk")) { $0.notes = [Note(id: UUID(0), text: "Milk")] }
    }

    @Test func anOptionalChild() async {
        let page = TestStore(Page(), initialState: .init())
        await page.send(.editTapped) { $0.editor = .init() }
        await page.send(\.editor, .setTitle("Draft")) { $0.title = "Draft" }
        await page.send(.editor(.intent(.close))) { $0.editor = nil }
    }

    @Test func aOneCaseEnumDestination() async {
        let post = TestStore(Post(), initialState: .init())
        await post.send(.editTapped) { $0.destination = .editor(.init()) }
        await post.send(\.editor, .setTitle("Draft")) { $0.title = "Draft" }
        await post.send(.editor(.intent(.close))) { $0.destination = nil }
    }

    @Test func aFeatureThatDismissesItselfEndsItsWorkOnItsOwnTestStore() async {
        let clock = TestClock()
        let store = TestStore(
            Stopwatch(), initialState: .init(), environment: .dependencies { $0.continuousClock = clock })
        await store.send(.start)
        await clock.advance(by: .seconds(1))
        await store.receive(.ticked) { $0.seconds = 1 }
        await store.receive(sideEffect: .ticked)
        await store.send(.done)
        #expect(store.isDismissed)
        await store.finish()  // the timer ended with the dismissal
    }

    @Test func aChildsTimerThroughTheApp() async {
        let clock = TestClock()
        let store = TestStore(
            Workout(), initialState: .init(), environment: .dependencies { $0.continuousClock = clock })
        await store.send(.begin) { $0.stopwatch = .init() }
        await store.receive(intent: .stopwatch(.start))
        await clock.advance(by: .seconds(1))
        await store.receive(.stopwatch(.ticked)) { $0.stopwatch?.seconds = 1 }
        await store.receive(intent: .tick) { $0.totalSeconds = 1 }
        await store.send(.stopwatch(.done)) { $0.stopwatch = nil }
        await store.finish()  // the stopwatch's timer ended with it
    }

    @Test func aParentStopsAChildsWorkAndKeepsTheChild() async {
        let clock = TestClock()
        let store = TestStore(
            Workout(), initialState: .init(), environment: .dependencies { $0.continuousClock = clock })
        await store.send(.begin) { $0.stopwatch = .init() }
        await store.send(.pause)
        await clock.advance(by: .seconds(5))  // no tick arrives
        await store.finish()
        #expect(store.state.stopwatch == .init())
    }

    @Test func dependencyValuesInATaskGroup() async {
        let store = TestStore(
            Digest(), initialState: .init(), environment: .dependencies { $0.summary = { id in "notes \(id)" } })
        await store.send(.load([1, 2, 3]))
        await store.receive(.loaded(["notes 1", "notes 2", "notes 3"])) {
            $0.summaries = ["notes 1", "notes 2", "notes 3"]
        }
    }

    @Test func childTasksOfAGroupReadTheStoresDependencies() async {
        let store = TestStore(
            CommonQuestions.DigestReadingInTasks(), initialState: .init(),
            environment: .dependencies { $0.summary = { id in "notes \(id)" } })
        await store.send(.load([1, 2]))
        await store.receive(.loaded(["notes 1", "notes 2"])) { $0.summaries = ["notes 1", "notes 2"] }
    }
}
