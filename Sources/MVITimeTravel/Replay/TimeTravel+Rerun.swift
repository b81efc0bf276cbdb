import MVI

extension TimeTravel {
    /// Whether the timeline shows an imported recording, which ``rerunImportedRecording(timeout:)`` runs.
    package var isShowingImport: Bool {
        storage.withLock { $0.isImported && $0.importedRecording != nil }
    }

    /// Runs the imported recording again in this app: for each store of the recording, a
    /// fresh store of the registered store of that name's feature, in its environment, gets the
    /// recorded intents sent from outside, and its `replayable` dependency calls are answered
    /// from the recording (see ``TimeTravelReplay/rerun(_:feature:store:environment:timeout:)``).
    ///
    /// What the DevTools page's Rerun button runs: a recording a user exported reproduces in
    /// the developer's build, today's code against the session's answers, with the first
    /// event that differs shown. The registered stores themselves are not touched (they keep
    /// showing the imported recording); the fresh stores end with the rerun.
    ///
    /// - Parameter timeout: How long the whole rerun may take, every store together: it returns
    ///   by then whatever the feature's code does. A store still running then fails with
    ///   ``TimeTravelReplayError/timedOut(store:sentIntents:intents:leftRunning:)``, and so does
    ///   each store after it, unstarted.
    /// - Returns: One result per store of the recording, in its order; a store whose name no
    ///   live registered store has fails with ``TimeTravelReplayError/storeNotRegistered(_:)``.
    ///   Empty when no recording is imported.
    public func rerunImportedRecording(timeout: Duration = .seconds(30)) async -> [TimeTravelStoreRerun] {
        let (recording, stores) = storage.withLock { state -> (TimeTravelRecording?, [String: any RegisteredStore]) in
            guard state.isImported, let recording = state.importedRecording else { return (nil, [:]) }
            var stores: [String: any RegisteredStore] = [:]
            for store in state.stores where store.isAlive && store.isAttached { stores[store.name] = store }
            return (recording, stores)
        }
        guard let recording else { return [] }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var results: [TimeTravelStoreRerun] = []
        var seen: Set<String> = []
        var timedOut = false
        for entry in recording.stores where seen.insert(entry.name).inserted {
            guard let store = stores[entry.name] else {
                results.append(
                    TimeTravelStoreRerun(storeName: entry.name, result: .failure(.storeNotRegistered(entry.name))))
                continue
            }
            // Once a store took the time left, or none is left, the others do not start.
            guard !timedOut, ContinuousClock.now < deadline else {
                let error = TimeTravelReplayError.timedOut(
                    store: entry.name, sentIntents: 0, intents: nil, leftRunning: [])
                results.append(TimeTravelStoreRerun(storeName: entry.name, result: .failure(error)))
                continue
            }
            do {
                let rerun = try await store.rerun(recording, deadline: deadline)
                results.append(TimeTravelStoreRerun(storeName: entry.name, result: .success(rerun)))
            } catch {
                if case .timedOut = error { timedOut = true }
                results.append(TimeTravelStoreRerun(storeName: entry.name, result: .failure(error)))
            }
        }
        return results
    }
}

/// The rerun of one store of an imported recording (``TimeTravel/rerunImportedRecording(timeout:)``).
public struct TimeTravelStoreRerun: Sendable {
    /// The recorded store's name.
    public let storeName: String
    /// What the rerun found, or why it could not run.
    public let result: Result<TimeTravelRerun, TimeTravelReplayError>
}
