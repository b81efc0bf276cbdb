/// A registration that time travel refuses.
public enum TimeTravelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A live store is already registered under this name.
    case duplicateStoreName(String)
    /// The middleware of one registration was given to a second store. Thrown nowhere (the
    /// store is being created); reported to the controller's error handler, and neither store
    /// is recorded from then on.
    case middlewareReused(storeName: String)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .duplicateStoreName(let name):
            "A store named \"\(name)\" is already registered for time travel"
        case .middlewareReused(let name):
            "The time-travel middleware registered as \"\(name)\" was given to a second store"
        }
    }
}
