import Logging
import MVI
import MVILogging
import MVIMetrics

extension Scenario {
    /// Every scenario, in table order. Add one here (and a file for it) to extend the suite.
    public static var all: [Scenario] {
        [
            .send(
                "send-1sub", "one synchronous intent through a message reducer, one subscriber",
                subscribers: 1, makeState: { BenchState() }),
            .send(
                "send-100sub", "the same with 100 subscribers",
                subscribers: 100, fullSize: 100_000, makeState: { BenchState() }),
            .send(
                "send-bigstate", "send-1sub with a 1,000,000-element array in the state",
                subscribers: 1, makeState: { BigState() }),
            .sendBounded,
            .sendReadingADependency,
            .sendCallingAReplayableEndpoint,
            .sendCallingARecordedReplayableEndpoint,
            .sharedWrite("shared-write-2", readers: 2, fullSize: 500_000),
            .sharedWrite("shared-write-100", readers: 100, fullSize: 10_000),
            .effectRoundTrip,
            .effectAwaited,
            .concurrentSend,
            .concurrentSend8,
            .concurrentSend8Read,
            .idleStoreBytes,
            .queuedIntentBytes(
                "queued-intent-bytes", "heap bytes per intent waiting in the queue (one op = one intent queued)",
                makeState: { BenchState() }),
            .queuedIntentBytes(
                "queued-intent-bytes-widestate", "queued-intent-bytes with a state of eight strings inline",
                makeState: { WideState() }),
            .subscribe,
            .stores100kBytes,
            .stores100k,
            .createStore,
            .orbitIntent,
            .childInList("child-in-10", rows: 10),
            .childInList("child-in-10k", rows: 10_000),
            .childInList("child-in-10-routed", rows: 10, routing: .routed),
            .childInList("child-in-10-input", rows: 10, routing: .input),
            .sharedElementEdit,
            .childWorkLive,
            .containerParam,
            .observableSend,
            .rowViews,
            .renderDiff,
            .encodeKilobyte(
                "encode-1kb", "a state of about 1 KB of JSON encoded as time travel and DevTools encode values",
                makeState: { KilobyteState() }),
            .encodeKilobyte(
                "encode-1kb-redacted", "encode-1kb with four of its values marked Sensitive (written as <redacted>)",
                makeState: { SensitiveKilobyteState() }),
            .sendThroughMiddleware(
                "send-1sub-timetravel",
                "send-1sub with time travel recording every event, with call sites (the default)",
                middleware: { TimeTravelRecording.middleware(recording: true) }),
            .sendThroughMiddleware(
                "send-1sub-timetravel-nosites",
                "send-1sub-timetravel with call sites off (TimeTravel(callSites: false))",
                middleware: { TimeTravelRecording.middleware(recording: true, callSites: false) }),
            .sendThroughMiddleware(
                "send-1sub-flight",
                "send-1sub recorded by a flight recorder (each store's newest 1,000 events, written off the send path)",
                middleware: { FlightRecording.middleware() }),
            .flightFlush,
        ] + devToolsScenarios + [
            .sendThroughMiddleware(
                "timetravel-idle", "send-1sub registered with time travel that is not recording",
                middleware: { TimeTravelRecording.middleware(recording: false) }),
            .sendThroughMiddleware(
                "log-off", "send-1sub with MVILogging attached and every level off",
                middleware: { [.logging(logger: Logger.discarding(at: .info), levels: .off)] }),
            .sendThroughMiddleware(
                "log-on", "send-1sub with MVILogging writing every event, state diffs included",
                fullSize: 20_000,
                middleware: { [.logging(logger: Logger.discarding(at: .trace), levels: .all(.trace))] }),
            .sendThroughMiddleware(
                "middleware-noop", "send-1sub with a middleware that observes every event and does nothing",
                middleware: { [NoOpMiddleware()] }),
            .sendThroughMiddleware(
                "metrics-1sub", "send-1sub with MVIMetrics counting and timing (sampled), no backend bootstrapped",
                middleware: { [.metrics()] }),
        ]
    }

    /// `send-1sub-devtools` when the package is built with its default `DevTools` trait;
    /// none without it (`--disable-default-traits`, as CI builds, skipping swift-nio).
    private static var devToolsScenarios: [Scenario] {
        #if DevTools
        [.sendWithDevTools]
        #else
        []
        #endif
    }

    /// Looks a scenario up by name.
    public static func named(_ name: String) -> Scenario? {
        all.first { $0.name == name }
    }
}
