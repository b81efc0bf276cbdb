import CoreMetrics
import MVI

/// The stores one ``MetricsMiddleware`` has seen, by identity (not by name: a store without a
/// given name makes its name anew on every read). The last store seen is kept apart, so that
/// the usual case (one middleware per store) finds it by comparing one word, not by hashing.
final class MeasuredStores: Sendable {
    private struct Stores: Sendable {
        var lastID: ObjectIdentifier?
        var last: StoreMeasurements?
        var others: [ObjectIdentifier: StoreMeasurements] = [:]
    }

    private let stores = StoreLock(Stores())

    /// Runs `body` on the measurements of store `id`, made (with its instruments, named
    /// `name()`) if new.
    func with<Result: Sendable>(
        _ id: ObjectIdentifier, _ name: () -> String, _ factory: any MetricsFactory,
        _ body: (inout StoreMeasurements) -> Result
    ) -> Result {
        stores.withLock { stores in
            if stores.lastID != id {
                if let lastID = stores.lastID, let last = stores.last { stores.others[lastID] = last }
                stores.last =
                    stores.others.removeValue(forKey: id)
                    ?? StoreMeasurements(instruments: StoreInstruments(storeName: name(), factory: factory))
                stores.lastID = id
            }
            // Force-unwrapped safely: set just above whenever the name changed, and kept otherwise.
            return body(&stores.last!)
        }
    }

    /// Forgets a cancelled store.
    func remove(_ id: ObjectIdentifier) {
        stores.withLock { stores in
            if stores.lastID == id {
                stores.lastID = nil
                stores.last = nil
            } else {
                stores.others[id] = nil
            }
        }
    }
}
