import Foundation
import MVI
import MVIFixtures
import MVITimeTravel
import Testing

extension SpinningFeature {
    /// A recording of `spins` intents to store `name`, each starting one piece of work.
    static func recording(spins: Int, stores names: [String] = ["Spinner"]) async throws -> TimeTravelRecording {
        let timeTravel = TimeTravel()
        timeTravel.startRecording()
        var stores: [Store<SpinningFeature>] = []
        for name in names {
            stores.append(
                Store(SpinningFeature(), initialState: .init(), name: name, middleware: [try timeTravel.register(name)])
            )
        }
        for store in stores {
            for number in 0..<spins {
                store.send(.spin(number))
                await store.waitForIdle()
            }
        }
        return timeTravel.recording()
    }
}

@Suite("Rerun timeout", .timeLimit(.minutes(10)))
struct ReplayTimeoutTests {
    @Test func workThatNeverSuspendsIsLeftRunningAndTheRerunReturnsAtItsTimeout() async throws {
        let recording = try await SpinningFeature.recording(spins: 1)
        let release = SpinningFeature.Release()
        defer { release.release() }
        do {
            let rerun = try await TimeTravelReplay.rerun(
                recording, feature: SpinningFeature(release: release), timeout: .milliseconds(300))
            Issue.record("expected a timeout: \(rerun)")
        } catch {
            guard case .timedOut(let store, let sent, let intents, let leftRunning) = error else {
                Issue.record("expected timedOut, got \(error)")
                return
            }
            #expect(store == "Spinner")
            #expect(sent == 1 && intents == 1)
            #expect(leftRunning == ["spin 0"])
            #expect(error.description.contains("left running: spin 0"), "\(error)")
        }
    }

    @Test func asManyNonSuspendingWorkItemsAsCoresDoNotKeepTheRerunFromReturning() async throws {
        let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let recording = try await SpinningFeature.recording(spins: cores)
        let release = SpinningFeature.Release()
        defer { release.release() }
        do {
            let rerun = try await TimeTravelReplay.rerun(
                recording, feature: SpinningFeature(release: release), timeout: .milliseconds(300))
            Issue.record("expected a timeout: \(rerun)")
        } catch {
            guard case .timedOut(_, _, _, let leftRunning) = error else {
                Issue.record("expected timedOut, got \(error)")
                return
            }
            // The first spins on the rerun's own thread; the others wait behind it, started
            // and never run: all are named.
            #expect(release.started == 1)
            #expect(Set(leftRunning) == Set((0..<cores).map { "spin \($0)" }), "\(leftRunning)")
        }
    }

    @Test func theTimeoutBoundsTheWholeRerunNotEachStore() async throws {
        let recording = try await SpinningFeature.recording(spins: 1, stores: ["First", "Second"])
        let release = SpinningFeature.Release()
        defer { release.release() }
        let timeTravel = TimeTravel()
        let first = Store(
            SpinningFeature(release: release), initialState: .init(), name: "First",
            middleware: [try timeTravel.register("First")])
        let second = Store(
            SpinningFeature(release: release), initialState: .init(), name: "Second",
            middleware: [try timeTravel.register("Second")])
        try timeTravel.import(recording)
        let reruns = await timeTravel.rerunImportedRecording(timeout: .milliseconds(300))
        #expect(reruns.map(\.storeName) == ["First", "Second"])
        guard reruns.count == 2, case .failure(.timedOut(_, 1, 1, let leftRunning)) = reruns[0].result,
            case .failure(.timedOut(_, 0, nil, [])) = reruns[1].result
        else {
            Issue.record("expected the first to time out and the second not to start: \(reruns)")
            return
        }
        #expect(leftRunning == ["spin 0"])
        _ = (first, second)
    }
}
