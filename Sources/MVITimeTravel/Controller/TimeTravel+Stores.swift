import MVI
extension TimeTravel {
    /// Every live registered store's name and the state its observers see now (the shown
    /// state while stopped), for a debugger's store list. The states are read under each
    /// store's own lock; nothing is described or encoded here.
    package func currentStates() -> [(name: String, state: (any Sendable)?)] {
        storage.withLock { state in
            state.stores.filter(\.isAlive).map { ($0.name, $0.currentState) }
        }
    }

    /// The selected event's sequence number while stopped (`nil` at the start or when not
    /// stopped), and the mode, read together.
    package var modeAndSelection: (mode: Mode, selected: UInt64?) {
        storage.withLock { state in
            let selected = state.mode == .stopped && state.selected >= 0 ? state.entries[state.selected].sequence : nil
            return (state.mode, selected)
        }
    }
}
