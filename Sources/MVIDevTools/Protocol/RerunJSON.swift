#if DevTools
import MVITimeTravel

/// The reruns of an imported recording as the page reads them (the `rerun` reply, protocol
/// version 5; see <doc:Protocol>).
enum RerunJSON {
    static func encode(_ reruns: [TimeTravelStoreRerun]) -> String {
        JSONText.array(reruns.map(encode))
    }

    static func encode(_ rerun: TimeTravelStoreRerun) -> String {
        let store = JSONText.quoted(rerun.storeName)
        switch rerun.result {
        case .failure(let error):
            // A store whose types cannot be decoded is not an error of the rerun: the page
            // names it quietly.
            let rerunnable: String
            if case .notRerunnable = error { rerunnable = "false" } else { rerunnable = "true" }
            guard case .timedOut(_, let sent, let intents, let leftRunning) = error else {
                return JSONText.object([
                    "store": store, "error": JSONText.quoted(error.description), "rerunnable": rerunnable,
                ])
            }
            // How far a rerun that ran out of time got, and the work it left running.
            let timedOut = JSONText.object([
                "sent": String(sent), "intents": intents.map(String.init) ?? "null",
                "leftRunning": JSONText.array(leftRunning.map(JSONText.quoted)),
            ])
            return JSONText.object([
                "store": store, "error": JSONText.quoted(error.description), "rerunnable": rerunnable,
                "timedOut": timedOut,
            ])
        case .success(let found):
            let divergence =
                found.divergence.map { divergence in
                    JSONText.object([
                        "sequence": String(divergence.sequence), "kind": JSONText.quoted(divergence.kind.rawValue),
                        "recorded": JSONText.quoted(divergence.expectedDescription),
                        "rerun": JSONText.quoted(divergence.actualDescription),
                        "after": divergence.messageDescription.map(JSONText.quoted) ?? "null",
                    ])
                } ?? "null"
            let unused = found.unusedCalls.sorted { $0.key < $1.key }.map { JSONText.quoted("\($0.key) ×\($0.value)") }
            return JSONText.object([
                "store": store, "faithful": found.isFaithful ? "true" : "false",
                "intents": String(found.intentsSent), "events": String(found.comparedEvents),
                "answered": String(found.answeredCalls),
                "divergence": divergence,
                "unanswered": JSONText.array(found.unansweredCalls.map(JSONText.quoted)),
                "unused": JSONText.array(unused),
                "unrecorded": JSONText.array(found.unrecordedCalls.map(JSONText.quoted)),
                "undecodable": JSONText.array(
                    found.undecodableCalls.map { call in
                        JSONText.object([
                            "name": JSONText.quoted(call.name), "call": String(call.call),
                            "recorded": JSONText.quoted(String(describing: call.recorded)),
                            "reason": JSONText.quoted(call.reason),
                        ])
                    }),
            ])
        }
    }
}
#endif
