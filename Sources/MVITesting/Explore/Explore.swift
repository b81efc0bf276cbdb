import Foundation
import MVI

/// Searches a feature's behaviour for a bug: sends it many random sequences of intents, runs
/// its async work in random orders, answers its dependency calls with random outcomes at
/// random times, and checks `invariants` after every change. On a failure it shrinks the
/// sequence to a short one, writes a time-travel recording of it (the DevTools page imports
/// and reruns it) and a `TestStore` test that takes the same steps, and returns them in its
/// report.
///
/// ```swift
/// @Test func theListKeepsItsInvariants() async {
///     let clock = ExploreClock()
///     let report = await explore(
///         TodoList(remote: TodoRemote(clock: clock), clock: clock), initialState: .init(),
///         environment: { .dependencies() }, clock: clock,
///         intents: .oneOf(.constant(.startAdding), .constant(.sync), .constant(.deleteSelected)),
///         endpoints: [.endpoint("todoRemote.accept", throwing: [TodoRemoteError.unreachable])],
///         invariants: [.state("the selection is a row") { s in s.selected.map { s.rows[$0] != nil } ?? true }],
///         seed: 1)
///     #expect(report.failure == nil, "\(report)")
/// }
/// ```
///
/// Everything is a function of `seed`: the same seed makes the same sequences, the same
/// failure and the same shrunk steps. A sequence ends after `maxIntents` intents once its
/// work has settled, when the feature dismisses itself, or when an invariant breaks.
///
/// Under Swift Testing each exploration runs in a child process (the test binary again, this
/// test only), so that a crash (a trap in `reduce` or `execute`) is a failure found, shrunk
/// by running candidates in more child processes, not the end of the test run.
///
/// - Parameters:
///   - feature: The feature, with its dependencies (give it `clock` where it takes a clock).
///   - initialState: The state each sequence starts from.
///   - environment: Makes the store's environment, once per sequence (fresh generators of ids
///     make the same ids in each): `{ .dependencies { $0.uuid = .incrementing } }`, say.
///   - clock: The clock the feature waits on, if any: explore advances it.
///   - intents: Makes the intents to send, from the current state.
///   - endpoints: How to answer the calls of the feature's `replayable` endpoints.
///   - invariants: What must hold.
///   - sequences: How many sequences to run, at most.
///   - maxIntents: How many intents a sequence sends, at most.
///   - seed: Where the sequences come from; a random one (in the report) by default.
///   - replaying: A failure's ``ExploreReport/Failure/choices``: runs that one sequence again.
///   - recordingsDirectory: Where a failure's recording goes; the temporary directory by default.
///   - testStore: The expression the printed test makes its store with, as the feature's
///     tests do (its clock named `clock`); by default one that names the feature's type.
///   - fileID: The caller's file ID, which names the call in a child process.
///   - line: The caller's line.
///   - column: The caller's column.
/// - Returns: The report: figures, coverage, and the failure found, if any.
public func explore<F: Feature>(
    _ feature: F, initialState: F.State, environment: @escaping @Sendable () -> (any ExecutionEnvironment)? = { nil },
    clock: ExploreClock? = nil, intents: Generator<F.Intent, F.State>, endpoints: [ExploreEndpoint<F.State>] = [],
    invariants: [Invariant<F>], sequences: Int = 500, maxIntents: Int = 8, seed: UInt64? = nil,
    replaying: [UInt64]? = nil, recordingsDirectory: String? = nil, testStore: String? = nil,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
) async -> ExploreReport {
    let exploration = Exploration(
        explorer: Explorer(
            feature: feature, initialState: initialState, environment: environment, clock: clock, intents: intents,
            endpoints: Dictionary(endpoints.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }),
            invariants: invariants, maxIntents: maxIntents),
        seed: seed ?? UInt64.random(in: 0...UInt64.max), sequences: sequences, shrinkBudget: 2_000,
        recordingsDirectory: recordingsDirectory ?? FileManager.default.temporaryDirectory.path,
        testStore: testStore, callSite: "\(fileID):\(line):\(column)")
    let report = await ExploreIsolation(callSite: exploration.callSite).run(exploration, replaying: replaying)
    if report.failure != nil { print(report) }
    return report
}
