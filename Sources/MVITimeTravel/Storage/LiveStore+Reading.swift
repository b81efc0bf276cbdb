import MVI
import MVIJSON

extension LiveStore {
    // MARK: Reading

    func describe(local: Int) -> String {
        String(describing: payload(at: local).value)
    }

    func feedValue(local: Int) -> TimeTravelFeedEvent.Value {
        .live(payload(at: local).sendableValue)
    }

    func makeTail() -> (any FeedTail)? {
        LiveTail(name: name, recorder: recorder)
    }

    func childPath(local: Int) -> String? {
        ChildPath.of(payloads[local].value, in: F.self)?.joined(separator: "/")
    }

    func encode(local: Int) -> JSONValue? {
        JSONCodec.encode(payload(at: local).value)
    }

    var baselineDescription: String? {
        baseline.map { String(describing: $0) }
    }

    func encodeBaseline() -> JSONValue? {
        baseline.flatMap { JSONCodec.encode($0) }
    }

    func prepareReplay(local: Int) -> PreparedReplay? {
        guard let hooks, let before = state(before: local) else { return nil }
        switch payloads[local] {
        case .message(let message):
            let recordedAfter = payloads.indices.dropFirst(local + 1).lazy
                .compactMap { index -> F.State? in
                    if case .state(let state) = self.payloads[index] { return state } else { return nil }
                }
                .first
            return PreparedReplay {
                var after = before
                F.reduceKeepingSharedElements(&after, message)
                return (
                    String(describing: before), [String(describing: message)], [],
                    String(describing: after), recordedAfter.map { String(describing: $0) }
                )
            }
        case .intent(let intent):
            return PreparedReplay {
                guard let execution = hooks.executeDetached(intent, from: before) else { return nil }
                return (
                    String(describing: before), execution.messages.map { String(describing: $0) },
                    execution.sideEffects.map { String(describing: $0) },
                    String(describing: execution.state), nil
                )
            }
        case .state, .sideEffect, .failure:
            return nil
        }
    }

    func showAction(stateAt local: Int?) -> (@Sendable () -> Void)? {
        guard let hooks, isAlive else { return nil }
        let state: F.State?
        if let local, case .state(let recorded) = payload(at: local) {
            state = recorded
        } else {
            state = baseline
        }
        guard let state else { return nil }
        return { hooks.show(state) }
    }
}
