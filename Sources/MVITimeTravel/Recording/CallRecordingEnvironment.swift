import MVI

/// An ``MVI/ExecutionEnvironment`` whose dependencies' results time travel can record, and a
/// replay answer (`MVIDependencies`' environment): time travel binds a store's
/// ``RecordedCalls`` into it once, when the store is made.
package protocol CallRecordingEnvironment: ExecutionEnvironment {
    /// This environment with `calls` bound beside its values: its endpoints record their
    /// results into `calls` while time travel records the store, and answer from it in a
    /// replay.
    func environment(recordingCallsInto calls: RecordedCalls) -> any ExecutionEnvironment

    /// The calls bound into it, if any (a replay's store is made with them bound already).
    var recordedCalls: RecordedCalls? { get }
}

extension RecordedCalls {
    /// The environment a store that `session` records runs in: `environment` with the store's
    /// calls bound, the ones already bound (a replay's) or new ones, given to `keep`; or
    /// `environment` itself if it records no calls.
    static func binding(
        into environment: any ExecutionEnvironment, session: RecordingSession, keep: (RecordedCalls) -> Void
    ) -> any ExecutionEnvironment {
        guard let recording = environment as? any CallRecordingEnvironment else { return environment }
        if let calls = recording.recordedCalls {
            calls.attach(to: session)
            keep(calls)
            return environment
        }
        let calls = RecordedCalls()
        calls.attach(to: session)
        keep(calls)
        return recording.environment(recordingCallsInto: calls)
    }
}
