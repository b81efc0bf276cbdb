#if DevTools
import MVI

/// The bytes of messages that all connections together may hold while they are put together
/// and wait to be carried out (``DevToolsOptions/maxBufferedInputBytes``). A message that would
/// go over it is refused with a `busy` error frame, and its frames are dropped as they come.
final class InputBudget: Sendable {
    let limit: Int
    private let held = Locked(0)

    init(limit: Int) { self.limit = Swift.max(0, limit) }

    /// Takes `bytes` from the budget; `false` (taking nothing) when that would go over it.
    func take(_ bytes: Int) -> Bool {
        held.withLock { held in
            guard held + bytes <= limit else { return false }
            held += bytes
            return true
        }
    }

    /// Gives back what was taken.
    func give(_ bytes: Int) { held.withLock { $0 -= bytes } }

    /// The bytes held now.
    var heldBytes: Int { held.withLock { $0 } }
}
#endif
