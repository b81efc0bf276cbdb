import MVI

extension LiveStore {
    // MARK: Skipping

    func messagesDispatched(byIntentAt local: Int) -> [Int] {
        guard case .intent = payloads[local] else { return [] }
        var found: [Int] = []
        // The intent's run: its messages, with the states after them and what it posted or
        // reported between them, up to the first event that is not part of it.
        for index in payloads.indices.dropFirst(local + 1) {
            switch payloads[index] {
            case .state, .sideEffect, .failure: continue
            case .message:
                guard dispatchedMessages.contains(index) else { return found }
                found.append(index)
            case .intent: return found
            }
        }
        return found
    }

    func skipMessages(at locals: Set<Int>) -> Bool {
        guard let first = locals.min() else {
            skipped = []
            recomputed = [:]
            return true
        }
        guard var state = state(before: first, recomputed: false) else { return false }
        var states: [Int: F.State] = [:]
        for index in payloads.indices.dropFirst(first) {
            switch payloads[index] {
            case .message(let message):
                if !locals.contains(index) { F.reduceKeepingSharedElements(&state, message) }
            case .state(let recorded):
                // A state right after a message is that message's; any other replaced the
                // store's (`replaceState(with:)`) and stands as it was.
                if index > 0, case .message = payloads[index - 1] {
                    states[index] = state
                } else {
                    state = recorded
                }
            case .intent, .sideEffect, .failure: break
            }
        }
        skipped = locals
        recomputed = states
        return true
    }

    func isSkippedMessage(local: Int) -> Bool { skipped.contains(local) }

    func isRecomputed(local: Int) -> Bool { recomputed[local] != nil }

    /// The state before the payload at `local`: the last state before it, or the start; as a
    /// skip recomputed it, unless `recomputed` is `false`.
    func state(before local: Int, recomputed: Bool = true) -> F.State? {
        var index = local - 1
        while index >= 0 {
            if case .state(let state) = recomputed ? payload(at: index) : payloads[index] { return state }
            index -= 1
        }
        return baseline
    }
}
