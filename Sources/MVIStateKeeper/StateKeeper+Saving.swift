import MVI

extension StateKeeper {
    // MARK: Saving

    /// Saves `state` now.
    ///
    /// Throws ``StateKeeperError/Reason/savingRefused(readFailure:)`` or
    /// ``StateKeeperError/Reason/savingDisabled`` without writing while a saved state that
    /// could not be read is kept (see ``load()``).
    public func save(_ state: State) throws(StateKeeperError) {
        _ = try io.withLock { io throws(StateKeeperError) in try write(state, &io) }
    }

    /// Removes the saved state, even one that could not be read, and turns saving back on.
    public func clear() throws(StateKeeperError) {
        try io.withLock { io throws(StateKeeperError) in
            do {
                try storage.remove(key)
            } catch {
                throw StateKeeperError(key: key, reason: .storageFailed(error))
            }
            io.refusal = nil
        }
    }

    /// Saves `state` now and returns the bytes written (a shared file's own save, told
    /// apart from a change from outside).
    func saveReturningBytes(_ state: State) throws(StateKeeperError) -> [UInt8] {
        try io.withLock { io throws(StateKeeperError) in try write(state, &io) }
    }

    /// `bytes` decoded (migrated if older), without moving anything aside: for bytes written
    /// from outside while a shared value runs.
    func decodeWritten(_ bytes: [UInt8]) -> Result<Saved, StateKeeperError> {
        decode(bytes).mapError { StateKeeperError(key: key, reason: $0.reason) }
    }

    /// Refuses saving until ``allowSaving()``: something written from outside could not be read.
    func refuseSaving(because failure: StateKeeperError) {
        io.withLock { $0.refuseSaving(.savingRefused(readFailure: failure)) }
    }

    /// Turns saving back on: what is saved can be read again.
    func allowSaving() {
        io.withLock { $0.refusal = nil }
    }

    /// Encodes and writes, and returns the bytes written; the caller holds `io`.
    @discardableResult
    func write(_ state: State, _ io: inout IO) throws(StateKeeperError) -> [UInt8] {
        if let refusal = io.refusal { throw StateKeeperError(key: key, reason: refusal) }
        let bytes: [UInt8]
        do {
            bytes = try StateCoding.encode(toSaved(state), version: version)
        } catch {
            throw StateKeeperError(key: key, reason: .encodingFailed(error))
        }
        do {
            try storage.save(bytes, for: key)
        } catch let error as StateKeeperError {
            throw error
        } catch {
            throw StateKeeperError(key: key, reason: .storageFailed(error))
        }
        return bytes
    }
}
