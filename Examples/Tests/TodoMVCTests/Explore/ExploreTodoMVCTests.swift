import Foundation
import MVI
import MVIDependencies
import MVITesting
import MVITimeTravel
import OrderedCollections
import Testing
import TodoMVC

/// `explore` on TodoMVC: the list keeps its invariants under random intents, interleavings
/// and remote answers; a sync that writes accepted todos back is caught bringing a deleted
/// todo back, in a few steps.
@Suite(.timeLimit(.minutes(5)))
struct ExploreTodoMVCTests {
    /// The list's intents: the keys a person presses, the editor's keys, a row's toggle.
    static let listIntents: Generator<TodoList.Intent, TodoList.State> = .oneOf(
        .element(of: [.moveUp, .moveDown, .startAdding, .startEditing, .startSearching, .toggleSelected]),
        .element(of: [.deleteSelected, .clearCompleted, .cycleFilter, .sync, .dismissProblem]),
        Generator.allCases.map(TodoList.Intent.showFilter),
        Generator.string(from: "ab ", maxLength: 2).map { .editor(.insert($0)) }.when { $0.editor != nil },
        Generator.element(of: [.submit, .cancel, .backspace]).map(TodoList.Intent.editor).when { $0.editor != nil },
        Generator.element(of: \.rows.keys).map { .rows($0, .toggle) })

    static let listInvariants: [Invariant<TodoList>] = [
        .state("the selection is a todo") { state in state.selected.map { state.rows[$0] != nil } ?? true },
        .state("new ids are past every todo's") { state in state.rows.keys.allSatisfy { $0 < state.nextID } },
        .state("a sync sends at most its todos") { state in
            if case .syncing(let done, let total) = state.sync { return done <= total }
            return true
        },
        .transition("a deleted todo stays deleted") { before, after in
            after.rows.keys.allSatisfy { before.rows[$0] != nil || $0 >= before.nextID }
        },
        .noFailures,
    ]

    @Test func theListKeepsItsInvariants() async {
        let clock = ExploreClock()
        let start = ContinuousClock.now
        let report = await explore(
            TodoList(remote: TodoRemote(latency: .seconds(1), clock: clock), clock: clock), initialState: .init(),
            environment: { .dependencies() }, clock: clock, intents: Self.listIntents,
            endpoints: [.endpoint("todoRemote.accept", throwing: [TodoRemoteError.unreachable])],
            invariants: Self.listInvariants, sequences: 300, maxIntents: 12, seed: 2026)
        print(report, "\nin \(ContinuousClock.now - start)")
        #expect(report.failure == nil, "\(report)")
        #expect(report.intentsSent["rows.toggle", default: 0] > 0)
        #expect(report.endpointAnswers["todoRemote.accept"]?[.error, default: 0] ?? 0 > 0)
        #expect(report.endpointAnswers["todoRemote.accept"]?[.delay, default: 0] ?? 0 > 0)
    }

    static let fixtureIntents: Generator<SyncingTodoList.Intent, SyncingTodoList.State> = .oneOf(
        Generator.string(from: "ab", maxLength: 1).map(SyncingTodoList.Intent.add),
        Generator.element(of: \.rows.keys).map(SyncingTodoList.Intent.toggle),
        Generator.element(of: \.rows.keys).map(SyncingTodoList.Intent.delete),
        .constant(.sync))

    static func exploreFixture(appliesPushedCopies: Bool, sequences: Int = 2_000) async -> ExploreReport {
        let clock = ExploreClock()
        return await explore(
            SyncingTodoList(
                remote: TodoRemote(latency: .seconds(1), clock: clock), appliesPushedCopies: appliesPushedCopies),
            initialState: .init(), environment: { .dependencies() }, clock: clock, intents: Self.fixtureIntents,
            endpoints: [.endpoint("todoRemote.accept", throwing: [TodoRemoteError.unreachable])],
            invariants: [
                .transition("a deleted todo stays deleted") { before, after in
                    after.rows.keys.allSatisfy { before.rows[$0] != nil || $0 >= before.nextID }
                },
                .state("a synced todo is a todo") { state in state.synced.allSatisfy { state.rows[$0] != nil } },
            ],
            sequences: sequences, maxIntents: 8, seed: 49,
            testStore: """
                TestStore(
                    SyncingTodoList(remote: TodoRemote(latency: .seconds(1), clock: clock), appliesPushedCopies: true),
                    initialState: SyncingTodoList.State(), environment: .dependencies())
                """)
    }

    @Test func theFixedSyncKeepsDeletedTodosDeleted() async {
        // The same exploration as the planted bug's (seed, budget), on the fixed sync.
        let report = await Self.exploreFixture(appliesPushedCopies: false)
        #expect(report.failure == nil, "\(report)")
    }

    @Test func aSyncResultAppliedToADeletedTodoIsFoundAndShrunk() async throws {
        let start = ContinuousClock.now
        let report = await Self.exploreFixture(appliesPushedCopies: true)
        print(report, "\nfound and shrunk in \(ContinuousClock.now - start)")
        let failure = try #require(report.failure, "\(report)")
        #expect(failure.reason == "a deleted todo stays deleted")
        #expect(failure.sequencesToFind <= 2_000)
        #expect(failure.stepCount <= 6, "\(report)")
        #expect(failure.steps.contains { $0.hasPrefix("send SyncingTodoList.Intent.delete") })
        // The recording imports, and reruns with the dependency results it holds.
        let path = try #require(failure.recordingPath)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let rerun = try await TimeTravelReplay.rerun(
            data,
            feature: SyncingTodoList(
                remote: TodoRemote(latency: .seconds(1), clock: ExploreClock()),
                appliesPushedCopies: true), environment: .dependencies())
        #expect(rerun.unansweredCalls.isEmpty, "\(rerun)")
        // Its calls were answered from the recording, none left over.
        #expect(!rerun.description.contains(" 0 calls answered") && rerun.isFaithful, "\(rerun)")
        print(rerun)
    }
}
