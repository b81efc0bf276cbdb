import Synchronization

/// Cancel observers, for add-ons that must see the store's end (the state keeper): observers
/// that run on the thread that cancels the store. (The store's own state while time travel
/// shows another one, ``liveState``, is in StoreCore+State.swift.)
extension StoreCore {
    /// Registers `observer` to run once, synchronously, on the thread that calls ``cancel()``,
    /// after the store is marked cancelled and before `cancel()` returns there, even when
    /// another thread is draining the store (that thread may still be applying a message:
    /// the observer's argument, `drainingElsewhere`, says so).
    ///
    /// Returns a token for ``removeCancelObserver(_:)``, or `nil` if the store is already
    /// cancelled (the observer is not kept and does not run).
    package func addCancelObserver(
        _ observer: @escaping @Sendable (_ drainingElsewhere: Bool) -> Void
    ) -> CancelObserverToken? {
        CancelObservers.table.withLock { table -> CancelObserverToken? in
            // Checked and noted under the table's lock: `cancel()` marks the store cancelled,
            // reading whether an observer was noted, before it takes this lock, so an observer
            // added here is always found by it.
            guard noteCancelObserver() else { return nil }
            table.lastToken += 1
            let token = CancelObserverToken(value: table.lastToken)
            table.entries[ObjectIdentifier(self), default: []]
                .append(CancelObservers.Entry(core: self, token: token, observer: observer))
            return token
        }
    }

    /// Removes an observer added by ``addCancelObserver(_:)``; nothing happens if it already ran.
    package func removeCancelObserver(_ token: CancelObserverToken) {
        CancelObservers.table.withLock { table in
            let key = ObjectIdentifier(self)
            guard var entries = table.entries[key] else { return }
            entries.removeAll { $0.token == token }
            table.entries[key] = entries.isEmpty ? nil : entries
        }
    }

    /// Runs and forgets the cancel observers; called once by ``cancel()``, on its thread.
    func runCancelObservers(drainingElsewhere: Bool) {
        let key = ObjectIdentifier(self)
        let entries = CancelObservers.table.withLock { table -> [CancelObservers.Entry] in
            guard table.entries[key] != nil else { return [] }
            return table.entries.removeValue(forKey: key) ?? []
        }
        // The identity check guards against an entry of a released core whose address this
        // core reuses (entries are removed on cancel, which every store's release does first).
        for entry in entries where entry.core === self {
            entry.observer(drainingElsewhere)
        }
    }
}

/// Identifies an observer added by ``StoreCore/addCancelObserver(_:)``.
package struct CancelObserverToken: Hashable, Sendable {
    let value: UInt64
}

/// The cancel observers of every store, by store.
///
/// A side table rather than a field of the store: only kept stores have observers, and a field
/// would grow every store. `cancel()` pays one uncontended lock and a dictionary lookup.
enum CancelObservers {
    struct Entry: Sendable {
        weak let core: (any AnyObject & Sendable)?
        let token: CancelObserverToken
        let observer: @Sendable (Bool) -> Void
    }

    struct Table: Sendable {
        var entries: [ObjectIdentifier: [Entry]] = [:]
        var lastToken: UInt64 = 0
    }

    static let table = Locked(Table())
}
