import Foundation
import MVI
import MVIDevTools
import MVIJSON
import MVIFixtures
import MVITimeTravel
import Testing

/// `rerun` from the page (protocol version 5): the imported recording runs again on a fresh
/// store of each registered store's feature, and the reply says whether it made the same events.
@Suite("DevTools rerun", .timeLimit(.minutes(5)))
struct DevToolsRerunTests {
    static func importRequest(_ data: Data, id: Int) -> String {
        #"{"type":"import","id":\#(id),"recording":"# + JSONTextForTest.quoted(String(decoding: data, as: UTF8.self))
            + "}"
    }

    @Test func anImportedRecordingRerunsOnAFreshStoreOfTheRegisteredFeature() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        harness.store.send(.add(2))
        harness.store.send(.fail)
        harness.store.send(.add(3))
        await harness.store.waitForIdle()
        #expect(harness.timeTravel.stop())
        let data = try harness.timeTravel.export()
        #expect(harness.timeTravel.cancel())
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = await page.next { $0["type"] == .string("hello") }
            let imported = try await page.request(Self.importRequest(data, id: 1))
            #expect(imported?.type == "reply")
            let reply = try await page.request(#"{"type":"rerun","id":2}"#)
            guard case .array(let reruns)? = reply?["rerun"], case .object(let counter)? = reruns.first else {
                Issue.record("no rerun in \(String(describing: reply))")
                return
            }
            #expect(counter["store"] == .string("Counter"))
            #expect(counter["faithful"] == .bool(true))
            #expect(counter["divergence"] == .null)
            #expect(counter["intents"] == .number(3))
            // Three intents, two messages and their states, the request's failure.
            #expect(counter["events"] == .number(8))
        }
        // The registered store was not touched: it shows the recording's end.
        #expect(harness.store.state.count == 5)
    }

    @Test func aRerunOfAChangedRecordingNamesTheFirstDifference() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        harness.store.send(.add(2))
        harness.store.send(.add(3))
        await harness.store.waitForIdle()
        #expect(harness.timeTravel.stop())
        // The recording says the first add made 20: today's feature makes 2.
        var recording = harness.timeTravel.recording()
        let message = try #require(recording.events.firstIndex { $0.kind == .message })
        recording.events[message].value = .object(["added": .object(["_0": .number(20)])])
        recording.events[message].description = "added(20)"
        let data = try TimeTravel.encode(recording)
        let changedSequence = recording.events[message].sequence
        #expect(harness.timeTravel.cancel())
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = await page.next { $0["type"] == .string("hello") }
            _ = try await page.request(Self.importRequest(data, id: 1))
            let reply = try await page.request(#"{"type":"rerun","id":2}"#)
            guard case .array(let reruns)? = reply?["rerun"], case .object(let counter)? = reruns.first,
                case .object(let divergence)? = counter["divergence"]
            else {
                Issue.record("no divergence in \(String(describing: reply))")
                return
            }
            #expect(counter["faithful"] == .bool(false))
            #expect(divergence["sequence"]?.doubleValue == Double(changedSequence))
            #expect(divergence["kind"] == .string("message"))
            #expect(divergence["recorded"] == .string("message added(20)"))
            #expect(divergence["rerun"] == .string("message added(2)"))
        }
    }

    @Test func aStoreThisAppDoesNotRegisterIsNamedAndNothingImportedIsAnError() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.devTools.stop() } }
        try await withPage(harness.socketURL(), origin: harness.origin) { page in
            _ = await page.next { $0["type"] == .string("hello") }
            let nothing = try await page.request(#"{"type":"rerun","id":1}"#)
            #expect(nothing?.code == "nothingImported")

            harness.store.send(.increment)
            await harness.store.waitForIdle()
            #expect(harness.timeTravel.stop())
            var recording = harness.timeTravel.recording()
            recording.stores[0].name = "Elsewhere"
            #expect(harness.timeTravel.cancel())
            _ = try await page.request(Self.importRequest(try TimeTravel.encode(recording), id: 2))
            let reply = try await page.request(#"{"type":"rerun","id":3}"#)
            guard case .array(let reruns)? = reply?["rerun"], case .object(let elsewhere)? = reruns.first else {
                Issue.record("no rerun in \(String(describing: reply))")
                return
            }
            #expect(elsewhere["store"] == .string("Elsewhere"))
            #expect(elsewhere["error"] == .string(#"No store registered in this app is named "Elsewhere""#))
        }
    }

    @Test func anotherPagesPingIsAnsweredWhileARerunsWorkSpinsOnEveryCore() async throws {
        let release = SpinningFeature.Release()
        defer { release.release() }
        let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)
        // Recorded where the work ends at once; rerun where it spins until the other page's
        // ping is answered. The rerun cannot reply before that (its timeout is far off), so
        // the order holds however loaded the machine is; the timeout itself is tested in
        // MVITimeTravelTests' ReplayTimeoutTests.
        let recorder = TimeTravel()
        recorder.startRecording()
        let recorded = Store(
            SpinningFeature(), initialState: .init(), name: "Spinner", middleware: [try recorder.register("Spinner")])
        for number in 0..<cores {
            recorded.send(.spin(number))
            await recorded.waitForIdle()
        }
        let recording = recorder.recording()

        let timeTravel = TimeTravel()
        let store = Store(
            SpinningFeature(release: release), initialState: .init(), name: "Spinner",
            middleware: [try timeTravel.register("Spinner")])
        let devTools = try await DevTools.start(
            timeTravel,
            options: DevToolsOptions(startsRecording: false, rerunTimeout: .seconds(600), announce: { _ in }))
        defer { Task { await devTools.stop() } }
        devTools.register(store)
        try timeTravel.import(recording)
        let token = String(devTools.url.split(separator: "=").last ?? "")
        let url = "ws://127.0.0.1:\(devTools.port)/ws?token=\(token)"
        let origin = "http://127.0.0.1:\(devTools.port)"
        let order = Locked<[String]>([])
        try await withPage(url, origin: origin) { page in
            _ = await page.next { $0["type"] == .string("hello") }
            try await page.send(#"{"type":"rerun","id":1}"#)
            // Bounded: the rerun's first work starts spinning at once.
            let clock = ContinuousClock()
            let limit = clock.now.advanced(by: .seconds(30))
            while release.started == 0 && clock.now < limit { try await Task.sleep(for: .milliseconds(5)) }
            #expect(release.started == 1)
            async let pinged: Void = withPage(url, origin: origin) { other in
                _ = await other.next { $0["type"] == .string("hello") }
                let pong = try await other.request(#"{"type":"ping","id":2}"#)
                #expect(pong?.type == "reply")
                order.withLock { $0.append("ping") }
                release.release()
            }
            let reply = await page.answer()
            order.withLock { $0.append("rerun") }
            try await pinged
            guard case .array(let reruns)? = reply?["rerun"], case .object(let spinner)? = reruns.first else {
                Issue.record("no rerun in \(String(describing: reply))")
                return
            }
            // Every piece of work spun (one per core) until the ping was answered, then ended.
            #expect(release.started == cores)
            #expect(spinner["faithful"] == .bool(true))
        }
        #expect(order.withLock { $0 } == ["ping", "rerun"])
    }
}
