import Foundation
import MVI
import MVIFixtures
import MVIStateKeeper
import Testing

// The `StateKeeper` and `Shared` file samples of Sources/MVI/MVI.docc/AnsweringCommonQuestions.md
// ("A StateKeeper or a Shared file"), compiled and run; the article's other samples are in
// Tests/MVIDependenciesTests/ArticleAnswersTests.swift. The features are in the namespace
// `KeepingAnswers`, which the article does not show.

/// The namespace of the samples, so that their names do not meet this target's other features.
enum KeepingAnswers {
    struct Counter: ReducingFeature {
        struct State: Codable, Equatable, Sendable { var count = 0 }
        enum Intent: Sendable { case increment }

        static func reduce(_ state: inout State, _ message: Intent) { state.count += 1 }
    }

    struct Settings: Codable, Equatable, Sendable { var fontSize = 14 }

    struct Editor: ReducingFeature {
        struct State: Equatable, Sendable { var settings = Settings() }
        enum Intent: Sendable { case biggerText }

        static func reduce(_ state: inout State, _ message: Intent) { state.settings.fontSize += 1 }
    }
}

@Suite(.timeLimit(.minutes(5)))
struct ArticleAnswersStateKeeperTests {
    typealias Counter = KeepingAnswers.Counter
    typealias Editor = KeepingAnswers.Editor
    typealias Settings = KeepingAnswers.Settings

    @Test func aKeepersFailuresReachTheKeptStoresErrorHandler() throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory)
        try Data("not JSON".utf8).write(to: URL(fileURLWithPath: storage.path(for: "counter")))
        let errors = Collected<StoreError>()
        let report: @Sendable (StoreError) -> Void = { errors.append($0) }

        // The article's sample.
        let keeper = StateKeeper<Counter.State, Counter.State>(
            storage: FileStateStorage(directory: directory), key: "counter")
        let store = Store(
            Counter(), initialState: keeper.restoredState(or: .init()),
            onError: StoreErrorHandler { error in report(error) })
        keeper.keep(store)

        #expect(store.state == .init())  // the saved state could not be read: the initial one
        let error = try #require(errors.values.first)
        guard case .addOn("state keeper") = error.origin else {
            Issue.record("origin \(error.origin)")
            return
        }
        #expect(error.underlying is StateKeeperError)
        #expect(errors.values.count == 1)
    }

    @Test func aSharedFilesFailuresReachItsOnError() async throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory)
        try Data("not JSON".utf8).write(to: URL(fileURLWithPath: storage.path(for: "settings")))
        let errors = Collected<StoreError>()
        let report: @Sendable (StoreError) -> Void = { errors.append($0) }
        let storeErrors = Collected<StoreError>()

        // The article's sample.
        let settings = Shared(
            Settings(), storage: .file(directory: directory, key: "settings"),
            onError: StoreErrorHandler { error in report(error) })
        let store = Store(Editor(), initialState: .init(), sharing: [.init(\.settings, settings)])
        // Another store bound to the value, whose error handler hears nothing of the file.
        let other = Store(
            Editor(), initialState: .init(), onError: StoreErrorHandler { storeErrors.append($0) },
            sharing: [.init(\.settings, settings)])

        #expect(settings.value == Settings())  // the file could not be read: the value given
        let error = try #require(errors.values.first)
        guard case .addOn("SharedStorage") = error.origin else {
            Issue.record("origin \(error.origin)")
            return
        }
        #expect(error.underlying is StateKeeperError)
        store.send(.biggerText)
        try await settings.save()  // the bad file was moved aside: saving goes on
        #expect(other.state.settings.fontSize == 15)
        #expect(storeErrors.values.isEmpty)  // no store hears of the file
        #expect(errors.values.count == 1)
    }
}
