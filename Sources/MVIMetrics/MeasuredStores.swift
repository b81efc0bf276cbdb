import CoreMetrics
import MVI

/// The stores one ``MetricsMiddleware`` has seen, by name. The last store seen is kept apart,
/// so that the usual case (one middleware per store) finds it by comparing one name, which is
/// the same string every time, rather than by hashing.
final class MeasuredStores: Sendable {
    private struct Stores: Sendable {
        var lastName: String?
        var last: StoreMeasurements?
        var others: [String: StoreMeasurements] = [:]
    }

    private let stores = StoreLock(Stores())

    /// Runs `body` on the measurements of store `name`, made (with its instruments) if new.
    func with<Result: Sendable>(
        _ name: String, _ factory: any MetricsFactory, _ body: (inout StoreMeasurements) -> Result
    ) -> Result {
        stores.withLock { stores in
            if stores.lastName != name {
                if let lastName = stores.lastName, let last = stores.last { stores.others[lastName] = last }
                stores.last =
                    stores.others.removeValue(forKey: name)
                    ?? StoreMeasurements(instruments: StoreInstruments(storeName: name, factory: factory))
                stores.lastName = name
            }
            // Force-unwrapped safely: set just above whenever the name changed, and kept otherwise.
            return body(&stores.last!)
        }
    }

    /// Forgets a cancelled store.
    func remove(_ name: String) {
        stores.withLock { stores in
            if stores.lastName == name {
                stores.lastName = nil
                stores.last = nil
            } else {
                stores.others[name] = nil
            }
        }
    }
}
