import Logging

/// The level each kind of store event is logged at; `nil` turns a kind off.
///
/// An event is logged when its level is on in the logger (`logger.logLevel <= level`).
/// When it is not, the middleware checks that and returns: no string is built.
public struct StoreLogLevels: Sendable, Hashable {
    /// The store was created (with its initial state).
    public var created: Logger.Level?
    /// The store started and ran its bootstrap.
    public var started: Logger.Level?
    /// An intent arrived.
    public var intent: Logger.Level?
    /// A message is about to be reduced.
    public var message: Logger.Level?
    /// The state changed (logged as a diff).
    public var state: Logger.Level?
    /// A side effect was posted.
    public var sideEffect: Logger.Level?
    /// A failure reached the store's error handler.
    public var failure: Logger.Level?
    /// The store ended.
    public var cancelled: Logger.Level?

    /// Creates levels; every kind not named is off.
    public init(
        created: Logger.Level? = nil,
        started: Logger.Level? = nil,
        intent: Logger.Level? = nil,
        message: Logger.Level? = nil,
        state: Logger.Level? = nil,
        sideEffect: Logger.Level? = nil,
        failure: Logger.Level? = nil,
        cancelled: Logger.Level? = nil
    ) {
        self.created = created
        self.started = started
        self.intent = intent
        self.message = message
        self.state = state
        self.sideEffect = sideEffect
        self.failure = failure
        self.cancelled = cancelled
    }

    /// Lifecycle, intents and side effects at `info`, messages and state changes at `debug`,
    /// failures at `error`. With swift-log's default level (`info`), messages and state
    /// diffs stay off until the logger is set to `debug`.
    public static let `default` = StoreLogLevels(
        created: .info, started: .info, intent: .info, message: .debug, state: .debug,
        sideEffect: .info, failure: .error, cancelled: .info)

    /// Every kind at the same level.
    public static func all(_ level: Logger.Level) -> StoreLogLevels {
        StoreLogLevels(
            created: level, started: level, intent: level, message: level, state: level,
            sideEffect: level, failure: level, cancelled: level)
    }

    /// Nothing is logged.
    public static let off = StoreLogLevels()
}
