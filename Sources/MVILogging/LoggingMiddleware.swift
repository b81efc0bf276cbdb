import CustomDump
import Logging
import MVI

/// Middleware that logs a store's life on swift-log, MVIKotlin-style:
///
/// ```text
/// [Counter] created: State(count: 0)
/// [Counter] intent: increment
/// [Counter] message: changed(by: 1)
/// [Counter] state:
///   Counter.State(
/// -   count: 0
/// +   count: 1
///   )
/// [Counter] cancelled
/// ```
///
/// Values are written with `String(describing:)` and cut at ``maxValueLength`` characters;
/// state changes are written as a diff (swift-custom-dump) of the state before and after.
///
/// Cost: for a kind whose level is off, handling an event is a level check, and no string
/// is built. Logging state diffs keeps the previous state of the store, so while state
/// logging is on, a mutation of an array or dictionary in the state copies it once (the
/// copy-on-write cost of keeping a state); turn `state` off and the kept state is dropped.
///
/// An intent or message routed to a child feature names the child, when its type is
/// `ChildRouting`: `[TodoList/rows[42]] intent: rows(42, toggle)`.
///
/// Use one instance per store: the previous state is kept by store name.
public struct LoggingMiddleware<Target: Feature>: Middleware {
    /// Where lines go.
    public let logger: Logger
    /// The level of each kind of event.
    public let levels: StoreLogLevels
    /// The longest a value may be written, in characters; longer ones end in `…`. `nil`
    /// writes values whole.
    public let maxValueLength: Int?

    let previous = PreviousStates<Target.State>()

    /// Creates logging middleware.
    ///
    /// - Parameters:
    ///   - logger: Where lines go. Defaults to a logger labelled `swift-mvi`.
    ///   - levels: The level of each kind of event; see ``StoreLogLevels/default``.
    ///   - maxValueLength: The longest a value may be written, in characters.
    public init(
        logger: Logger = Logger(label: "swift-mvi"),
        levels: StoreLogLevels = .default,
        maxValueLength: Int? = 200
    ) {
        self.logger = logger
        self.levels = levels
        self.maxValueLength = maxValueLength
    }

    /// The kinds that have a level (plus creation and cancellation when state changes have
    /// one, to keep and drop the previous state). The store builds no other event for this
    /// middleware, so a kind without a level costs nothing per action; a kind with a level
    /// costs a level check while the logger's level is above it (a handler's level may
    /// change at run time).
    public var observedEventKinds: Set<StoreEvent<Target>.Kind> {
        var kinds: Set<StoreEvent<Target>.Kind> = []
        let byKind: [(StoreEvent<Target>.Kind, Logger.Level?)] = [
            (.created, levels.created), (.started, levels.started), (.intent, levels.intent),
            (.message, levels.message), (.state, levels.state), (.sideEffect, levels.sideEffect),
            (.failure, levels.failure), (.cancelled, levels.cancelled),
        ]
        for (kind, level) in byKind where level != nil { kinds.insert(kind) }
        // A replaced state is a state change: logged at the state's level, as a replacement.
        if levels.state != nil { kinds.formUnion([.created, .cancelled, .stateReplaced]) }
        return kinds
    }

    /// Logs the event if its kind's level is on; otherwise only checks the level.
    public func handle(_ event: StoreEvent<Target>, _ context: MiddlewareContext<Target>) {
        switch event {
        case .created:
            if isOn(levels.state) { previous.set(context.state, for: context.storeName) }
            guard let level = levels.created, isOn(level) else { return }
            log(level, context.storeName, "created: \(value(context.state))")
        case .started:
            guard let level = levels.started, isOn(level) else { return }
            log(level, context.storeName, "started")
        case .intent(let intent):
            guard let level = levels.intent, isOn(level) else { return }
            log(level, ChildPath.name(of: intent, inStore: context.storeName), "intent: \(value(intent))")
        case .message(let message):
            guard let level = levels.message, isOn(level) else { return }
            log(level, ChildPath.name(of: message, inStore: context.storeName), "message: \(value(message))")
        case .state(let state):
            guard let level = levels.state, isOn(level) else {
                if previous.isKeeping { previous.remove(context.storeName) }
                return
            }
            logChange(to: state, level, context.storeName)
        case .sideEffect(let sideEffect):
            guard let level = levels.sideEffect, isOn(level) else { return }
            log(level, context.storeName, "side effect: \(value(sideEffect))")
        case .failure(let error):
            guard let level = levels.failure, isOn(level) else { return }
            log(level, context.storeName, "failure: \(failure(error))")
        case .stateReplaced(let state):
            guard let level = levels.state, isOn(level) else {
                if previous.isKeeping { previous.remove(context.storeName) }
                return
            }
            previous.set(state, for: context.storeName)
            log(level, context.storeName, "state replaced: \(value(state))")
        case .cancelled:
            if previous.isKeeping { previous.remove(context.storeName) }
            guard let level = levels.cancelled, isOn(level) else { return }
            log(level, context.storeName, "cancelled")
        }
    }

    @inline(__always)
    private func isOn(_ level: Logger.Level?) -> Bool {
        guard let level else { return false }
        return logger.logLevel <= level
    }

    private func log(_ level: Logger.Level, _ storeName: String, _ text: String) {
        logger.log(level: level, "[\(storeName)] \(text)")
    }

    private func logChange(to state: Target.State, _ level: Logger.Level, _ storeName: String) {
        let before = previous.replace(with: state, for: storeName)
        guard let before else {
            log(level, storeName, "state: \(value(state))")
            return
        }
        // No diff: the message left the state as it was.
        guard let difference = diff(before, state) else { return }
        let lines = difference.split(separator: "\n", omittingEmptySubsequences: false).map { truncated(String($0)) }
        log(level, storeName, "state:\n" + lines.joined(separator: "\n"))
    }

    /// `String(describing:)`, cut at ``maxValueLength``.
    func value(_ value: Any) -> String {
        truncated(String(describing: value))
    }

    private func truncated(_ text: String) -> String {
        guard let maxValueLength, text.count > maxValueLength else { return text }
        return text.prefix(maxValueLength) + "…"
    }

    private func failure(_ error: StoreError) -> String {
        let origin: String
        switch error.origin {
        case .asyncWork(let id?): origin = "async work \"\(id)\""
        case .asyncWork(nil): origin = "async work"
        case .sideEffectOverflow: origin = "side effect overflow"
        case .addOn(let name): origin = name
        case .misuse: origin = "misuse"
        }
        return "\(origin): \(value(error.underlying))"
    }
}
