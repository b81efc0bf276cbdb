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
/// Values are written with `String(describing:)` and cut at `maxValueLength` characters;
/// state changes are written as a diff (swift-custom-dump's text) of the state before and
/// after. The fields are compared first and only changed ones are written, so the cost of
/// a diff does not grow with the fields that did not change.
///
/// Cost: for a kind whose level is off, handling an event is a level check, and no string
/// is built. Logging state diffs keeps the previous state of the store, so while state
/// logging is on, a mutation of an array or dictionary in the state copies it once (the
/// copy-on-write cost of keeping a state); turn `state` off and the kept state is dropped.
///
/// An intent or message routed to a child feature (by one of the feature's `childScopes`)
/// names the child:
/// `[TodoList/rows[42]] intent: rows(42, toggle)`.
///
/// Use one instance per store; the previous state and the name are kept per store, until
/// it is cancelled.
public struct LoggingMiddleware<Target: Feature>: Middleware {
    /// Where lines go.
    package let logger: Logger
    /// The level of each kind of event.
    package let levels: StoreLogLevels
    /// The longest a value may be written, in characters; longer ones end in `…`. `nil`
    /// writes values whole.
    package let maxValueLength: Int?

    let previous = PreviousStates<Target.State>()
    /// What is learnt about intents and messages once, and their texts.
    let intentTexts = ValueTexts<Target.Intent>(featureRoutes: !Target.childScopes.isEmpty)
    let messageTexts = ValueTexts<Target.Message>(featureRoutes: !Target.childScopes.isEmpty)

    /// Made by ``MVI/Middleware/logging(logger:levels:maxValueLength:)``.
    init(
        logger: Logger = Logger(label: "swift-mvi"),
        levels: StoreLogLevels = .default,
        maxValueLength: Int? = 200
    ) {
        self.logger = logger
        self.levels = levels
        self.maxValueLength = maxValueLength
    }

    /// The kinds that have a level (plus creation and cancellation when state changes have
    /// one, to keep and drop the previous state, and cancellation whenever any kind has a
    /// level, to forget the store's name). The store builds no other event for this
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
        // The store's name is made once and kept; its cancellation forgets it.
        if !kinds.isEmpty { kinds.insert(.cancelled) }
        // A replaced state is a state change: logged at the state's level, as a replacement.
        // A shared value's change is logged at the state's level too, as a diff.
        if levels.state != nil { kinds.formUnion([.created, .cancelled, .stateReplaced, .sharedChange]) }
        return kinds
    }

    /// Logs the event if its kind's level is on; otherwise only checks the level.
    public func handle(_ event: StoreEvent<Target>, _ context: borrowing MiddlewareContext<Target>) {
        let store = context.storeID
        // The store's name, made once per store: an unnamed store derives it from its
        // feature's type on every read.
        func name() -> String { previous.name(of: store) { context.storeName } }
        switch event {
        case .created:
            if isOn(levels.state) { previous.set(context.state, for: store) }
            guard let level = levels.created, isOn(level) else { return }
            log(level, name(), "created: \(value(context.state))")
        case .started:
            guard let level = levels.started, isOn(level) else { return }
            log(level, name(), "started")
        case .intent(let intent):
            guard let level = levels.intent, isOn(level) else { return }
            let storeName =
                intentTexts.mayRoute ? ChildPath.name(of: intent, in: Target.self, inStore: name()) : name()
            log(level, storeName, "intent: ", intentTexts.text(of: intent, value))
        case .message(let message):
            guard let level = levels.message, isOn(level) else { return }
            let storeName =
                messageTexts.mayRoute ? ChildPath.name(of: message, in: Target.self, inStore: name()) : name()
            log(level, storeName, "message: ", messageTexts.text(of: message, value))
        case .state(let state):
            guard let level = levels.state, isOn(level) else {
                if previous.isKeeping { previous.dropState(of: store) }
                return
            }
            logChange(to: state, level, store, name())
        case .sideEffect(let sideEffect):
            guard let level = levels.sideEffect, isOn(level) else { return }
            log(level, name(), "side effect: \(value(sideEffect))")
        case .failure(let error):
            guard let level = levels.failure, isOn(level) else { return }
            log(level, name(), "failure: \(failure(error))")
        case .stateReplaced(let state):
            guard let level = levels.state, isOn(level) else {
                if previous.isKeeping { previous.dropState(of: store) }
                return
            }
            previous.set(state, for: store)
            log(level, name(), "state replaced: \(value(state))")
        case .sharedChange(let state):
            guard let level = levels.state, isOn(level) else {
                if previous.isKeeping { previous.dropState(of: store) }
                return
            }
            logChange(to: state, level, store, name(), label: "shared change")
        case .cancelled:
            let storeName = levels.cancelled.map(isOn) == true ? name() : nil
            previous.remove(store)
            guard let level = levels.cancelled, let storeName else { return }
            log(level, storeName, "cancelled")
        }
    }

    @inline(__always)
    private func isOn(_ level: Logger.Level?) -> Bool {
        guard let level else { return false }
        return logger.logLevel <= level
    }

    private func log(_ level: Logger.Level, _ storeName: String, _ text: String) {
        log(level, storeName, "", text)
    }

    /// Logs `[storeName] kind text`, the line made in one piece (its UTF-8 written once).
    private func log(_ level: Logger.Level, _ storeName: String, _ kind: String, _ text: String) {
        var line: [UInt8] = []
        line.reserveCapacity(storeName.utf8.count + kind.utf8.count + text.utf8.count + 3)
        line.append(UInt8(ascii: "["))
        line.append(contentsOf: storeName.utf8)
        line.append(contentsOf: "] ".utf8)
        line.append(contentsOf: kind.utf8)
        line.append(contentsOf: text.utf8)
        logger.log(level: level, Logger.Message(stringLiteral: String(decoding: line, as: UTF8.self)))
    }

    private func logChange(
        to state: Target.State, _ level: Logger.Level, _ store: ObjectIdentifier, _ storeName: String,
        label: String = "state"
    ) {
        let before = previous.replace(with: state, for: store)
        guard let before else {
            log(level, storeName, "\(label): \(value(state))")
            return
        }
        // No diff: the message left the state as it was. Fields are compared before anything
        // is written, and only changed ones are (StateDiff).
        guard
            let difference = StateDiff.between(
                before, state, layout: previous.layout, typeName: { previous.typeName(stateTypeName) })
        else { return }
        log(level, storeName, "\(label):\n", truncatedLines(difference))
    }

    /// Each line cut at ``maxValueLength``; the text as it is when no line can be that long.
    private func truncatedLines(_ text: String) -> String {
        // A line has no more characters than the text has UTF-8 bytes.
        guard let maxValueLength, text.utf8.count > maxValueLength else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { truncated(String($0)) }.joined(
            separator: "\n")
    }

    /// custom-dump's name of the state type (`Counter.State`), for a diff's first line.
    private func stateTypeName() -> String {
        var name = ""
        customDump(Target.State.self, to: &name)
        if name.hasSuffix(".self") { name.removeLast(5) }
        return name
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
        "\(error.origin.text): \(value(error.underlying))"
    }
}
