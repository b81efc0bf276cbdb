#if os(Linux)
import Foundation
import MVI
import MVIFixtures
import MVIStateKeeper
import Testing

private let childDirectoryVariable = "MVI_SHARED_FILE_RACE_CHILD_DIRECTORY"
private let childCountVariable = "MVI_SHARED_FILE_RACE_CHANGES"
private let doneMarker = "MVI-RACE-DONE "
private let finalMarker = "MVI-RACE-FINAL "

/// What the racing processes share: who wrote last and how many changes it had made.
struct RaceValue: Codable, Sendable, Equatable {
    var writer = 0
    var n = 0
}

/// Several processes share one `.file` value and change it 1,000 times each (issue 44):
/// no save fails (a writer's temporary file is never deleted by another process), and every
/// process ends on the value the file holds (the pollers converge).
@Suite struct SharedFileProcessTests {
    @Test(.timeLimit(.minutes(5)), arguments: [2, 3, 8])
    func processesSharingOneFileLoseNoSaveAndConverge(processes: Int) async throws {
        // Under ThreadSanitizer every process runs several times slower, and these processes
        // take both cores from the rest of the parallel suite (tests with a one-minute limit):
        // there, 8 processes make 100 changes each, 2 and 3 make 250.
        let changes = isSanitized ? (processes == 8 ? 100 : 250) : 1_000
        let directory = try temporaryDirectory("race\(processes)")
        let results = try await CrashTests.onOwnThread {
            try Self.race(processes: processes, changes: changes, directory: directory)
        }
        let failed = results.map(\.failures)
        print("shared file race: \(processes) processes x \(changes) changes, failed saves per process: \(failed)")
        #expect(failed.allSatisfy { $0 == 0 }, "failed saves per process: \(failed)")
        #expect(results.map(\.reported).allSatisfy { $0 == 0 })
        let file = try JSONDecoder().decode(
            Envelope<RaceValue>.self, from: Data(readFile(FileStateStorage(directory: directory).path(for: "race"))))
        #expect(results.map(\.final) == Array(repeating: file.state, count: processes))
        #expect(results.allSatisfy { $0.madeAll })
    }

    struct Result: Sendable {
        /// Saves that failed (a `save()` that threw).
        var failures: Int
        /// Errors the shared value reported.
        var reported: Int
        var final: RaceValue
        var madeAll: Bool
    }

    static func race(processes: Int, changes: Int, directory: String) throws -> [Result] {
        let children = try (0..<processes).map { index in
            try ChildProcess(
                filter: "SharedFileProcessTests/changingTheSharedFile",
                environment: [childDirectoryVariable: directory, childCountVariable: "\(index) \(changes)"])
        }
        defer { for child in children { child.kill() } }
        // Every child has made its changes and saved them; then each looks once more.
        let done = try children.map { try $0.line(after: doneMarker) }
        for child in children { child.send("check") }
        let finals = try children.map { try $0.line(after: finalMarker) }
        for child in children { child.wait() }
        for child in children where child.printed.contains("MVI-RACE-FAILURE") { print(child.printed) }
        return zip(done, finals).map { done, final in
            let parts = final.split(separator: " ").compactMap { Int($0) }
            return Result(
                failures: parts[2], reported: parts[3], final: RaceValue(writer: parts[0], n: parts[1]),
                madeAll: done == "\(changes)")
        }
    }

    /// The child's side: it runs only in a child process.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childDirectoryVariable] != nil))
    func changingTheSharedFile() async throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = try #require(environment[childDirectoryVariable])
        let setting = try #require(environment[childCountVariable]).split(separator: " ").compactMap { Int($0) }
        let (index, changes) = (setting[0], setting[1])
        let reported = Collected<StoreError>()
        let storage = KeptSharedStorage<RaceValue>.file(
            directory: directory, key: "race", watchInterval: .milliseconds(10))
        let shared = Shared(RaceValue(), storage: storage, onError: StoreErrorHandler { reported.append($0) })
        // Each change waits for its save, so that every change is a write (as a slow stream
        // of edits would be): 1,000 writes per process racing the others'.
        var failedSaves = 0
        for n in 1...changes {
            shared.set(RaceValue(writer: index, n: n))
            do {
                try await shared.save()
            } catch {
                failedSaves += 1
                ChildProcess.announce("MVI-RACE-FAILURE ", "\(error)")
            }
        }
        try await shared.save()
        ChildProcess.announce(doneMarker, "\(changes)")
        _ = ChildProcess.readLineFromParent()
        try await shared.save()
        storage.checkForChanges()
        let final = shared.value
        ChildProcess.announce(finalMarker, "\(final.writer) \(final.n) \(failedSaves) \(reported.values.count)")
    }
}

/// Whether this binary runs under ThreadSanitizer.
let isSanitized: Bool = {
    // The sanitizer's runtime exports this symbol (RTLD_DEFAULT is a null handle on Linux).
    dlsym(nil, "__tsan_init") != nil
}()
#endif
