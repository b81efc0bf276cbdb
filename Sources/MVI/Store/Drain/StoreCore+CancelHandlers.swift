import Synchronization

/// Cancel handlers, for add-ons that must see the store's end (the state keeper): handlers
/// that run on the thread that cancels the store. (The store's own state while time travel
/// shows another one, ``liveState``, is in StoreCore+State.swift.)
extension StoreCore {
    /// Registers `handler` to run once, synchronously, on the thread that calls ``cancel()``,
    /// after the store is marked cancelled and before `cancel()` returns there, even when
    /// another thread is draining the store (that thread may still be applying a message:
    /// the handler's argument, `drainingElsewhere`, says so).
    ///
    /// Returns a token for ``removeCancelHandler(_:)``, or `nil` if the store is already
    /// cancelled (the handler is not kept and does not run).
    package func addCancelHandler(
        _ handler: @escaping @Sendable (_ drainingElsewhere: Bool) -> Void
    ) -> CancelHandlerToken? {
        CancelHandlers.table.withLock { table -> CancelHandlerToken? in
            // Checked and noted under the table's lock: `cancel()` marks the store cancelled,
            // reading whether a handler was noted, before it takes this lock, so a handler
            // added here is always found by it.
            guard noteCancelHandler() else { return nil }
            table.lastToken += 1
            let token = CancelHandlerToken(value: table.lastToken)
            table.entries[ObjectIdentifier(self), default: []]
                .append(CancelHandlers.Entry(core: self, token: token, handler: handler))
            return token
        }
    }

    /// Removes a handler added by ``addCancelHandler(_:)``; nothing happens if it already ran.
    package func removeCancelHandler(_ token: CancelHandlerToken) {
        CancelHandlers.table.withLock { table in
            let key = ObjectIdentifier(self)
            guard var entries = table.entries[key] else { return }
            entries.removeAll { $0.token == token }
            table.entries[key] = entries.isEmpty ? nil : entries
        }
    }

    /// Runs and forgets the cancel handlers; called once by ``cancel()``, on its thread.
    func runCancelHandlers(drainingElsewhere: Bool) {
        let key = ObjectIdentifier(self)
        let entries = CancelHandlers.table.withLock { table -> [CancelHandlers.Entry] in
            guard table.entries[key] != nil else { return [] }
            return table.entries.removeValue(forKey: key) ?? []
        }
        // The identity check guards against an entry of a released core whose address this
        // core reuses (entries are removed on cancel, which every store's release does first).
        for entry in entries where entry.core === self {
            entry.handler(drainingElsewhere)
        }
    }
}

/// Identifies a handler added by ``StoreCore/addCancelHandler(_:)``.
package struct CancelHandlerToken: Hashable, Sendable {
    let value: UInt64
}

/// The cancel handlers of every store, by store.
///
/// A side table rather than a field of the store: only kept stores have handlers, and a field
/// would grow every store. `cancel()` pays one uncontended lock and a dictionary lookup.
enum CancelHandlers {
    struct Entry: Sendable {
        weak let core: (any AnyObject & Sendable)?
        let token: CancelHandlerToken
        let handler: @Sendable (Bool) -> Void
    }

    struct Table: Sendable {
        var entries: [ObjectIdentifier: [Entry]] = [:]
        var lastToken: UInt64 = 0
    }

    static let table = Locked(Table())
}
