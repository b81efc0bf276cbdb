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

    /// Runs `body` on the measurements of the context's store, made (with its instruments,
    /// named after the store) if new.
    func with<Target: Feature, Result: Sendable>(
        _ context: MiddlewareContext<Target>, _ factory: any MetricsFactory,
        _ body: (inout StoreMeasurements) -> Result
    ) -> Result {
        let id = context.storeID
        return stores.withLock { stores in
            if stores.lastID != id {
                if let lastID = stores.lastID, let last = stores.last { stores.others[lastID] = last }
                stores.last =
                    stores.others.removeValue(forKey: id)
                    ?? StoreMeasurements(instruments: StoreInstruments(storeName: context.storeName, factory: factory))
                stores.lastID = id
            }
            // Force-unwrapped safely: set just above whenever the name changed, and kept otherwise.
            return body(&stores.last!)
        }
    }

    /// Forgets a cancelled store.
    func remove<Target: Feature>(_ context: MiddlewareContext<Target>) {
        let id = context.storeID
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
